import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { SurveyResultListPage } from '@/features/surveys/results/ResultListScreen';
import {
  SURVEY_RESULT_LIST_DEFAULTS,
  surveyResultSearchSchema,
  type SurveyResultSearch,
} from '@/features/surveys/results/schema';

export const Route = createFileRoute('/survey_result/')({
  staticData: { title: 'アンケート結果', role: 'ROLE_SURVEY_RESULT_REFERENCE', feature: 'survey' },
  validateSearch: surveyResultSearchSchema,
  search: { middlewares: [stripDefaults<SurveyResultSearch>(SURVEY_RESULT_LIST_DEFAULTS)] },
  component: SurveyResultListPage,
});
