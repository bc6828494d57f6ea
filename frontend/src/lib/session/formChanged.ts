import { createStore, useStore } from '@/lib/store/createStore';

/**
 * docs/product/shell.md#shell-behaviour: the "form changed" flag. null by default; a form sets it to
 * true once the user edits it and back to null when saved or left. While it is true, leaving the page
 * asks first (see LeaveGuard).
 */
const formChanged = createStore<true | null>(null);

export const getFormChanged = formChanged.get;

export function setFormChanged(changed: boolean | null): void {
  formChanged.set(changed ? true : null);
}

export function useFormChanged(): true | null {
  return useStore(formChanged);
}
