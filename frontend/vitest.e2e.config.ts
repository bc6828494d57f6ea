import { defineConfig } from 'vitest/config';

// Browser tests: the real binary (started once in e2e/globalSetup.ts) driven by Debian's
// Chromium through playwright-core. One worker, because they share that one server.
export default defineConfig({
  test: {
    include: ['e2e/**/*.test.ts'],
    // Run by make test-cluster against a running cluster (vitest.cluster.config.ts).
    exclude: ['e2e/cluster/**'],
    environment: 'node',
    globalSetup: ['./e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
