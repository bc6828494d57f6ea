import { createFileRoute } from '@tanstack/react-router';
import { surveyDetailQuery } from '@/features/surveys/editor/queries';
import { SurveyEditPage } from '@/features/surveys/editor/SurveyEditorScreen';
import { numericParams } from '@/lib/routing/numericParams';
import { prefetchRecord } from '@/shared/editor/records';

export const Route = createFileRoute('/survey/$surveyId')({
  params: numericParams('surveyId'),
  staticData: { title: 'アンケート', role: 'ROLE_SURVEY_REFERENCE', feature: 'survey' },
  loader: (match) =>
    prefetchRecord(match, (organizationId) => surveyDetailQuery(organizationId, match.params.surveyId)),
  component: SurveyEditPage,
});
