import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN } from './accounts';
import { RESULTS_DIR } from './screenshots';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One built server for the whole run, on a fresh database; stopped when the run ends. */
export default async function setup(project: TestProject) {
  const server = await startServer(E2E_ADMIN, path.join(RESULTS_DIR, 'server.log'));
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
