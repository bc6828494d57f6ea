import { message, theme, type ModalFuncProps } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserConfirmHost } from './BrowserConfirmHost';
import { FeedbackContext, type ConfirmHostProps } from './feedbackContext';

// What antd's App gave the screens (toasts, confirmation dialogs and the base text style), without
// its notification and dialog code in the first chunk: the sign-in screen needs neither, so the
// dialogs are a chunk loaded when the first confirmation is asked for (docs/benchmarks.md).

// Should the dialog's code not load (the line dropped), the browser's own dialog asks instead: a
// confirmation that never shows would leave the question (and a blocked navigation) hanging.
const ConfirmHost = lazy<ComponentType<ConfirmHostProps>>(() =>
  import('./ConfirmHost').catch(() => ({ default: BrowserConfirmHost })),
);

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const [messageApi, messageHolder] = message.useMessage();
  const [asked, setAsked] = useState<readonly ModalFuncProps[]>([]);
  // The host stays mounted once it was needed, so a closing dialog finishes its animation.
  const [hostNeeded, setHostNeeded] = useState(false);
  if (asked.length > 0 && !hostNeeded) setHostNeeded(true);
  const confirm = useCallback((props: ModalFuncProps) => {
    setAsked((list) => [...list, props]);
  }, []);
  const shown = useCallback((done: readonly ModalFuncProps[]) => {
    setAsked((list) => list.filter((props) => !done.includes(props)));
  }, []);
  const feedback = useMemo(() => ({ message: messageApi, confirm }), [messageApi, confirm]);
  return (
    <FeedbackContext value={feedback}>
      {/* antd's App base style: the theme's text colour, size, line height and font. */}
      <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
        {messageHolder}
        {hostNeeded && (
          <Suspense fallback={null}>
            <ConfirmHost asked={asked} onShown={shown} />
          </Suspense>
        )}
        {children}
      </div>
    </FeedbackContext>
  );
}
