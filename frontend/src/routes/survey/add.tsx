import { createFileRoute } from '@tanstack/react-router';
import { surveyDefaultsQuery } from '@/features/surveys/editor/queries';
import { SurveyAddPage } from '@/features/surveys/editor/SurveyEditorScreen';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/survey/add')({
  staticData: { title: 'アンケート', role: 'ROLE_SURVEY_REFERENCE', feature: 'survey' },
  loader: (match) => prefetchRecord(match, surveyDefaultsQuery),
  component: SurveyAddPage,
});
