// The tag screens' search state (URL query), apart from the screen so that the route, in the entry
// chunk, loads no screen code (lib/routing/searchSchema.ts).
import { searchSchema, type SearchOutput } from '@/lib/routing/searchSchema';
import { pageParam, sizeParam } from '@/shared/list/listSearch';

/** The search state of /facility/attribute/ and /user/attribute/: the page, as the other lists keep it. */
export const tagSearchSchema = searchSchema({ page: pageParam, size: sizeParam });
export type TagSearch = SearchOutput<typeof tagSearchSchema>;
export const TAG_SEARCH_DEFAULTS = { page: 1 } as const satisfies Partial<TagSearch>;

/** The tag's page in a list of `rows` shown `size` to a page, or undefined when it is not there. */
export function pageOfTag<Row>(rows: readonly Row[] | undefined, size: number, isTag: (row: Row) => boolean): number | undefined {
  const index = rows?.findIndex(isTag) ?? -1;
  return index < 0 ? undefined : Math.floor(index / size) + 1;
}
