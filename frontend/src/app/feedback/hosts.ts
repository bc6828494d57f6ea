// The toast and dialog hosts' code (antd's message and modal): chunks of their own, loaded with antd.

export const loadMessageHost = () => import('./MessageHost');
export const loadConfirmHost = () => import('./ConfirmHost');

const ignore = () => undefined;

/**
 * Fetches both hosts ahead of need (once the sign-in screen or the shell shows): the first toast is
 * often 「接続できませんでした。」, when the line that would bring its code is down. A failure here is
 * retried when a toast or dialog is asked for.
 */
export function prefetchFeedbackHosts(): void {
  loadMessageHost().catch(ignore);
  loadConfirmHost().catch(ignore);
}
