// A file made in the background (history exports and reports share the record and the list:
// docs/product/exports.md). The list polls while one of its files is still being made.

export type MadeFileStatus = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** The fields both kinds of file have. */
export interface MadeFile {
  fileId: number;
  fileName: string;
  status: MadeFileStatus;
  failureReason: string;
  notice?: string;
  rowsDone: number;
  rowsTotal: number;
  fileSize: number;
  userAccount: string;
  createDate: string;
  expireDate: string;
  deletable: boolean;
}

/** How often a list asks again while a file is being made. */
export const PROGRESS_POLL_MS = 1500;

/** Whether a file is still waiting or being made. */
export const inProgress = (file: MadeFile) => file.status === 'QUEUED' || file.status === 'RUNNING';

/** A list query's refetch interval: every PROGRESS_POLL_MS while a file on the page is being made. */
export function pollWhileMaking(query: { state: { data?: { items: MadeFile[] } | undefined } }): number | false {
  return query.state.data?.items.some(inProgress) ? PROGRESS_POLL_MS : false;
}
