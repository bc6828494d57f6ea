// The list's search state (URL query), apart from the form schemas so that the route, in the entry
// chunk, loads no form code (shared/list/listSearch.ts says why it is zod/mini).
import * as z from 'zod/mini';
import { pagedListSearch } from '@/shared/list/listSearch';

/** The search state of /survey/ (URL query): text and paging. */
export const surveySearchSchema = z.object({ ...pagedListSearch });
export type SurveySearch = z.output<typeof surveySearchSchema>;
export const SURVEY_SEARCH_DEFAULTS = { searchText: '', page: 1 } as const satisfies Partial<SurveySearch>;
