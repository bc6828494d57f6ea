import { browser } from '@/lib/browser';
import { getFormChanged } from '@/lib/session/formChanged';

/** How long the leave warning stays off while the browser starts a download. */
const DOWNLOAD_GRACE_MS = 1_000;
let downloading = false;

/** Whether a download started by `startDownload` is under way (the unload warning waits). */
export function isDownloadStarting(): boolean {
  return downloading;
}

/**
 * Downloads a file by browser navigation (the server answers with Content-Disposition, so the
 * page stays). The browser would take that navigation for leaving the page and warn about
 * unsaved changes; docs/product/shell.md#shell-behaviour wants the warning off for the download and
 * back on afterwards, so while a form is changed the warning is paused for a moment around the navigation.
 */
export function startDownload(
  url: string,
  navigate: (url: string) => void = (to) => {
    browser.assign(to);
  },
): void {
  if (getFormChanged()) {
    downloading = true;
    setTimeout(() => {
      downloading = false;
    }, DOWNLOAD_GRACE_MS);
  }
  navigate(url);
}
