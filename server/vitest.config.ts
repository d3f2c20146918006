import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Each test file boots the real app on a fresh database of its own (a copy of a template the global
 * setup migrates and seeds once: PGlite, or PostgreSQL when DATABASE_URL is set), so files run in
 * parallel with nothing shared. PGlite is CPU-bound: one worker per core, at least two, at most four.
 */
const workers = Math.max(2, Math.min(os.availableParallelism(), 4));

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Threads start faster and share one process's memory; measured ~20% less CPU than forks here.
    pool: 'threads',
    maxWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
  },
});
