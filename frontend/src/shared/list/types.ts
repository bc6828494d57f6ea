/** One page of a server-paged list. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}
