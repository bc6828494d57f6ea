import type { ModalFuncProps } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyAntd } from '@/app/providers/lazyAntd';
import { BrowserConfirmHost } from './BrowserConfirmHost';
import { FeedbackContext, type MessageHostProps } from './feedbackContext';
import { loadConfirmHost, loadMessageHost } from './hosts';
import type { MessageApi } from './toasts';

// What antd's App gave the screens (toasts and confirmation dialogs), without antd in the first chunk:
// the sign-in screen needs neither, so each host is a chunk loaded with antd when first used
// (docs/benchmarks.md). Toasts asked for meanwhile are shown once the host is there.

// Should the dialog's code not load (the line dropped), the browser's own dialog asks instead: a
// confirmation that never shows would leave the question (and a blocked navigation) hanging.
const ConfirmHost = lazyAntd(loadConfirmHost, 'ConfirmHost', BrowserConfirmHost);

/** Drawn when the toast host's code could not load: says so, so that the next toast tries again. */
function MessageHostMissing({ onFailed }: MessageHostProps) {
  useEffect(onFailed, [onFailed]);
  return null;
}

/** The toast host, loaded anew on each attempt (React.lazy keeps a failed load for good). */
const messageHost = () => lazyAntd(loadMessageHost, 'MessageHost', MessageHostMissing);

type MessageCall = (api: MessageApi) => void;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [asked, setAsked] = useState<readonly ModalFuncProps[]>([]);
  // Each host stays mounted once it was needed, so a closing dialog or toast finishes its animation.
  const [confirmNeeded, setConfirmNeeded] = useState(false);
  if (asked.length > 0 && !confirmNeeded) setConfirmNeeded(true);
  const confirm = useCallback((props: ModalFuncProps) => {
    setAsked((list) => [...list, props]);
  }, []);
  const shown = useCallback((done: readonly ModalFuncProps[]) => {
    setAsked((list) => list.filter((props) => !done.includes(props)));
  }, []);

  const [messagesNeeded, setMessagesNeeded] = useState(false);
  const [MessageHost, setMessageHost] = useState(messageHost);
  const messageApi = useRef<MessageApi | null>(null);
  const waiting = useRef<MessageCall[]>([]);
  const message = useMemo<MessageApi>(() => {
    const call = (run: MessageCall) => {
      if (messageApi.current) run(messageApi.current);
      else {
        waiting.current.push(run);
        setMessagesNeeded(true);
      }
    };
    return {
      open: (args) => {
        call((api) => api.open(args));
      },
      destroy: (key) => {
        call((api) => {
          api.destroy(key);
        });
      },
    };
  }, []);
  const messagesReady = useCallback((api: MessageApi) => {
    messageApi.current = api;
    for (const run of waiting.current.splice(0)) run(api);
  }, []);
  // The toasts asked for so far are lost (there is nothing to show them with); the next one tries again.
  const messagesFailed = useCallback(() => {
    waiting.current = [];
    setMessagesNeeded(false);
    setMessageHost(messageHost);
  }, []);

  const feedback = useMemo(() => ({ message, confirm }), [message, confirm]);
  return (
    <FeedbackContext value={feedback}>
      {messagesNeeded && (
        <Suspense fallback={null}>
          <MessageHost onReady={messagesReady} onFailed={messagesFailed} />
        </Suspense>
      )}
      {confirmNeeded && (
        <Suspense fallback={null}>
          <ConfirmHost asked={asked} onShown={shown} />
        </Suspense>
      )}
      {children}
    </FeedbackContext>
  );
}
