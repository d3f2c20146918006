import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built server (see support/global-setup.ts). Files run one after
 * another: each drives a real Chromium, and two at once on a 2-core machine only adds flakiness.
 */
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
