/** The count beside a list's paging: '12件'. */
export const TOTAL = (total: number) => `${total}件`;
