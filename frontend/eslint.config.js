import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['dist/', 'coverage/', '.tanstack/', 'src/routeTree.gen.ts', 'src/lib/api/schema.gen.ts'],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    extends: [reactHooks.configs.flat['recommended-latest'], reactRefresh.configs.vite],
    rules: {
      // A route file exports `Route` beside its components; TanStack's HMR handles that.
      'react-refresh/only-export-components': ['error', { allowExportNames: ['Route'] }],
    },
  },
  {
    // Dates are written one way in pickers and lists (shared/dates): screens take its pickers, which
    // set the format, rather than antd's. (The first-chunk block below replaces this rule for its
    // files, which import no antd at all.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/dates/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['DatePicker'],
              allowTypeImports: true,
              message: 'Use DatePicker or RangePicker from @/shared/dates/pickers: they write dates as the lists do.',
            },
          ],
        },
      ],
    },
  },
  {
    // What the first chunk and the sign-in screen are made of draws no antd (docs/architecture.md):
    // antd comes through app/providers/lazyAntd.tsx, inside the app theme. Types are free.
    files: [
      'src/app/App.tsx',
      'src/app/router.ts',
      'src/routes/__root.tsx',
      'src/app/plain/**',
      'src/app/providers/{AppProviders,lazyAntd,motion}.{ts,tsx}',
      'src/app/feedback/{Feedback,feedbackContext,hosts,toasts,useToasts,BrowserConfirmHost}.{ts,tsx}',
      'src/app/shell/{AppLayout,DocumentTitle,LeaveGuard,SessionEvents,RouteError,NoAccess,Logo}.tsx',
      'src/features/session/{LoginScreen,LoginForm,MfaForm,early,loginFields}.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['antd', 'antd/*', '@ant-design/icons', '@ant-design/icons/*'],
              allowTypeImports: true,
              message: 'The first chunk draws no antd: load the component through lazyAntd (app/providers/lazyAntd.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker is a plain script served as it is (no build step, no types).
    files: ['public/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
);
