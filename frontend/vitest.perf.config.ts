import { defineConfig } from 'vitest/config';

// First-load measurements (make bench): the real binary with the demo data, Chromium under a slow
// network and a slowed CPU. They print figures for docs/benchmarks.md; make test does not run them.
export default defineConfig({
  test: {
    include: ['e2e/perf/**/*.perf.ts'],
    environment: 'node',
    globalSetup: ['./e2e/globalSetup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
