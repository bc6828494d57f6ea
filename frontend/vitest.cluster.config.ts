import { defineConfig } from 'vitest/config';

// The cluster's browser round (make test-cluster): Chromium through nginx in front of two console
// instances that backend/internal/clustertest started; CLUSTER_URL and CLUSTER_INSTANCES say where.
export default defineConfig({
  test: {
    include: ['e2e/cluster/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./e2e/cluster/globalSetup.ts'],
    testTimeout: 90_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
