import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from '../support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The direct addresses of the console instances behind it, bypassing nginx. */
    instanceURLs: string[];
  }
}

/** The cluster is already running (backend/internal/clustertest started it); this only says where. */
export default function setup(project: TestProject) {
  assertChromiumInstalled();
  const proxy = process.env.CLUSTER_URL;
  const instances = (process.env.CLUSTER_INSTANCES ?? '').split(',').filter(Boolean);
  if (!proxy || instances.length < 2) {
    throw new Error(
      'CLUSTER_URL (nginx) and CLUSTER_INSTANCES (two or more instance URLs) must be set: run `make test-cluster`, ' +
        'whose Go test starts the cluster and then this browser round.',
    );
  }
  project.provide('baseURL', proxy);
  project.provide('dataDir', '');
  project.provide('instanceURLs', instances);
}
