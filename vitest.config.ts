import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/domain/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each API file mostly waits on the server it spawned, so two files at once on 2 cores take 115 s
    // instead of 183 s for tests/api; a third adds nothing and more of the timing-bound tests fail on a busy machine.
    maxWorkers: 2,
  },
});
