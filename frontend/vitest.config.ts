import { fileURLToPath, URL } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Unit and component tests: jsdom, everything under src/. Browser tests live in e2e/
// and run through vitest.e2e.config.ts against the real server.
export default mergeConfig(
  viteConfig,
  defineConfig({
    server: {
      fs: {
        // The shared validation cases (backend/api/validation-cases.json) are read by a test.
        allow: [
          '.',
          fileURLToPath(new URL('../backend/api', import.meta.url)),
          // The server's messages, which forms that check before sending are held to.
          fileURLToPath(new URL('../backend/internal/domain', import.meta.url)),
        ],
      },
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // CSS reaches tests empty, but for the file whose values a test checks (app/plain/tokens.test.ts).
      css: { include: [/app\/plain\/base\.css/] },
      restoreMocks: true,
      unstubGlobals: true,
      // Whole-app tests in jsdom (antd, the router, lazy chunks) take seconds each.
      testTimeout: 30_000,
    },
  }),
);
