// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (lib/routing/searchSchema.ts says why it is not zod).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import type { PhotoCompare, ReportType } from './types';
import { dateParam, optionalEnumParam, pageParam, sizeParam } from '@/shared/list/listSearch';

/** docs/product/reports.md: the report types with their names. */
export const REPORT_TYPES = ['BASIC', 'ADVANCED', 'IMPROVEMENT', 'SURVEY'] as const satisfies readonly ReportType[];
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  BASIC: '基本レポート',
  ADVANCED: '推移レポート',
  IMPROVEMENT: '改善報告レポート',
  SURVEY: 'アンケートレポート',
};

export const PHOTO_COMPARE_LABELS: Record<PhotoCompare, string> = {
  BAD_SCORED_WITH_PHOTO: '評価の低い項目の写真',
  ALL_BAD_SCORED: '評価の低い項目すべて',
  ALL_WITH_PHOTO: '写真のある項目すべて',
  NONE: '写真を載せない',
};

/** The search state of /report/file/ (SPEC's filters: reportType, fromDate, toDate, kept as text). */
export const reportFileSearchSchema = searchSchema({
  reportType: optionalEnumParam(REPORT_TYPES),
  fromDate: dateParam,
  toDate: dateParam,
  page: pageParam,
  size: sizeParam,
});
export type ReportFileSearch = SearchOutput<typeof reportFileSearchSchema>;
export const REPORT_FILE_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<ReportFileSearch>;
