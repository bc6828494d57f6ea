import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { consoleBinary, startBackend } from './support/backend';
import { assertChromiumInstalled } from './support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, e.g. http://127.0.0.1:41234 */
    baseURL: string;
    /** Its DATA_DIR; mail goes to `outbox/` there as .eml files. */
    dataDir: string;
  }
}

const frontendRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts one server for the whole run; the returned function stops it. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  const binary = consoleBinary(frontendRoot);
  const backend = await startBackend(binary);
  try {
    await assertServesSpa(backend.baseURL, binary);
  } catch (error) {
    await backend.stop();
    throw error;
  }
  project.provide('baseURL', backend.baseURL);
  project.provide('dataDir', backend.dataDir);
  return () => backend.stop();
}

/** A binary built with plain `go build` has no SPA inside and answers /home/ with 503. */
async function assertServesSpa(baseURL: string, binary: string): Promise<void> {
  const response = await fetch(`${baseURL}/home/`);
  const body = await response.text();
  if (response.status !== 200 || !body.includes('<div id="root">')) {
    throw new Error(
      `${binary} does not serve the SPA on /home/ (HTTP ${response.status}: ${body.slice(0, 200)}). ` +
        'Build it with `make build`, which embeds frontend/dist.',
    );
  }
}
