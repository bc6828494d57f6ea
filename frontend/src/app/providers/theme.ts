import type { ThemeConfig } from 'antd';

/** docs/product/constants.md: theme primary green, error red. */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#2e7d32',
    colorError: '#d32f2f',
  },
};
