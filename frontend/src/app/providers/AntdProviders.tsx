import { ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import { use, type ReactNode } from 'react';
import { useDialogTabWrap } from './dialogTabWrap';
import { MotionContext } from './motion';
import { appTheme } from './theme';

// One key for the theme's CSS variables: each ConfigProvider would otherwise write its own copy of
// them (the key defaults to a useId), and the shell, the toast and dialog hosts and rare screens each
// have one.
const movingTheme = { ...appTheme, cssVar: { key: 'rouder' } };
const stillTheme = { ...appTheme, token: { ...appTheme.token, motion: false }, cssVar: { key: 'rouder-still' } };

/**
 * Japanese antd with the app theme, around each part of the console that uses antd, and Tab kept
 * inside an open dialog (dialogTabWrap.ts). Not at the root:
 * the sign-in screen draws without antd, so antd loads with the first part that needs it
 * (lazyAntd.tsx; docs/architecture.md).
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const animations = use(MotionContext);
  useDialogTabWrap();
  return (
    // autoInsertSpace off: antd would write 「保 存」「削 除」 for two-character CJK labels.
    <ConfigProvider locale={jaJP} theme={animations ? movingTheme : stillTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}
