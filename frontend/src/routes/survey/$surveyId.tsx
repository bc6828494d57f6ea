import { createFileRoute } from '@tanstack/react-router';
import { SurveyEditPage } from '@/features/surveys/editor/SurveyEditorScreen';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/survey/$surveyId')({
  params: numericParams('surveyId'),
  staticData: { title: 'アンケート' },
  component: SurveyEditPage,
});
