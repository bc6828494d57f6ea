import { useEffect } from 'react';

// antd's dialogs (Modal, modal.confirm, Drawer) keep the keyboard inside through @rc-component/util's
// focus lock, which has no sentinels: it waits for focus to land outside and pulls it back. A dialog
// is the last thing in <body>, so Tab on its last control has nowhere to land in the page; the browser
// takes focus to its own toolbar (document.activeElement is <body>) and the user needs another Tab to
// get back in. Here Tab on the last control goes to the first one (Shift+Tab on the first to the
// last) before the browser moves anything.

const MODAL = '[role="dialog"][aria-modal="true"]';
const CANDIDATES = 'a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]';

/** Whether `element` is drawn (not under display: none or visibility: hidden). */
function drawn(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility({ visibilityProperty: true });
  // jsdom has no checkVisibility: the styles of the element and its ancestors tell the same.
  if (getComputedStyle(element).visibility === 'hidden') return false;
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.hidden || getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** The controls of `dialog` that Tab stops at, in document order. */
export function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.matches(':disabled') &&
      !(element instanceof HTMLInputElement && element.type === 'hidden') &&
      drawn(element),
  );
}

/** Keeps Tab and Shift+Tab going round the controls of the dialog that has the focus. */
export function wrapDialogTab(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return;
  const dialog = active.closest<HTMLElement>(MODAL);
  if (!dialog) return;
  const stops = tabStops(dialog);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  // The dialog itself has the focus when it opens with no control focused.
  const atStart = active === first || active === dialog;
  if (event.shiftKey ? atStart : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

let mounted = 0;

/** Installs wrapDialogTab while any part of the console that draws antd is mounted. */
export function useDialogTabWrap(): void {
  useEffect(() => {
    mounted += 1;
    if (mounted === 1) document.addEventListener('keydown', wrapDialogTab, true);
    return () => {
      mounted -= 1;
      if (mounted === 0) document.removeEventListener('keydown', wrapDialogTab, true);
    };
  }, []);
}
