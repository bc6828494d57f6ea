import { useEffect, useState } from 'react';

/** How long typing must pause before a picker asks the server again. */
const TYPING_PAUSE_MS = 300;

/**
 * The search text of a picker that asks the server as the user types: `text` follows what was
 * typed once typing pauses (one request per pause, not per key); `onSearch` is the Select's, and
 * `reset` clears it when the dropdown closes.
 */
export function useTypedSearch() {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setText(typed);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [typed]);
  return {
    text,
    onSearch: setTyped,
    reset: () => {
      setTyped('');
    },
  };
}
