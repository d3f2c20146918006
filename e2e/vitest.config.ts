import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built server (see support/global-setup.ts). Files run one after
 * another: each drives a real Chromium, and two at once on a 2-core machine only adds flakiness.
 */
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // Every test fails on an uncaught error in the page (support/page-errors.ts).
    setupFiles: ['./support/setup-each-file.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    // expect.poll's own default (1 s) is shorter than one slow answer of a loaded CI machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
