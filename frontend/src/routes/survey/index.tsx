import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { SurveyListPage } from '@/features/surveys/editor/SurveyListScreen';
import { SURVEY_SEARCH_DEFAULTS, surveySearchSchema, type SurveySearch } from '@/features/surveys/editor/search';

export const Route = createFileRoute('/survey/')({
  staticData: { title: 'アンケート', role: 'ROLE_SURVEY_REFERENCE', feature: 'survey' },
  validateSearch: surveySearchSchema,
  search: { middlewares: [stripDefaults<SurveySearch>(SURVEY_SEARCH_DEFAULTS)] },
  component: SurveyListPage,
});
