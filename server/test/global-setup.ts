import type { TestProject } from 'vitest/node';
import {
  createDatabaseTemplate,
  dropStaleTestDatabases,
  removeStaleScratchDirs,
} from './support/test-database';

const STALE_AFTER_MS = 6 * 3600_000;

/**
 * Makes the database template every test file copies. First it removes what a killed run left behind
 * (recent leftovers may belong to a run going on now and stay); on PostgreSQL that also fails at once,
 * with a clear message, when the server is unreachable, instead of every file timing out.
 */
export default async function setup(project: TestProject) {
  removeStaleScratchDirs(STALE_AFTER_MS);
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    try {
      await dropStaleTestDatabases(adminUrl, STALE_AFTER_MS);
    } catch (error) {
      throw new Error(`DATABASE_URL is set but PostgreSQL cannot be used: ${(error as Error).message}`);
    }
  }
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
