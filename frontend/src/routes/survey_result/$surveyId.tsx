import { createFileRoute } from '@tanstack/react-router';
import { stripDefaults } from '@/shared/list/listSearch';
import { SurveyResultDetailPage } from '@/features/surveys/results/ResultDetailScreen';
import {
  SURVEY_RESULT_DETAIL_DEFAULTS,
  surveyResultDetailSearchSchema,
  type SurveyResultDetailSearch,
} from '@/features/surveys/results/schema';
import { numericParams } from '@/lib/routing/numericParams';

export const Route = createFileRoute('/survey_result/$surveyId')({
  params: numericParams('surveyId'),
  // The filters (period, group, store tag) and the trend's interval are in the URL.
  validateSearch: surveyResultDetailSearchSchema,
  search: { middlewares: [stripDefaults<SurveyResultDetailSearch>(SURVEY_RESULT_DETAIL_DEFAULTS)] },
  // docs/product/shell.md: the detail's title is set at run time (the survey's name); this one shows until then.
  staticData: { title: 'アンケート結果', role: 'ROLE_SURVEY_RESULT_REFERENCE', feature: 'survey' },
  component: SurveyResultDetailPage,
});
