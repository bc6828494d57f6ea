import { createFileRoute } from '@tanstack/react-router';
import { SurveyAddPage } from '@/features/surveys/editor/SurveyEditorScreen';

export const Route = createFileRoute('/survey/add')({
  staticData: { title: 'アンケート' },
  component: SurveyAddPage,
});
