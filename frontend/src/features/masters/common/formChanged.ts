import { useCallback, useEffect } from 'react';
import { setFormChanged } from '@/lib/session/formChanged';

/**
 * The unsaved-changes flag of docs/product/shell.md#shell-behaviour for one form (the shell's store in
 * src/lib/session/formChanged; its LeaveGuard asks before leaving while it is set). The form
 * marks it on every user edit and clears it when saved, deleted or left.
 */
export function useFormChangedFlag() {
  useEffect(
    () => () => {
      setFormChanged(null);
    },
    [],
  );
  const markChanged = useCallback(() => {
    setFormChanged(true);
  }, []);
  const clearChanged = useCallback(() => {
    setFormChanged(null);
  }, []);
  return { markChanged, clearChanged };
}
