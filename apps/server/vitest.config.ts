import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite takes ~1 GB per open database; two files at a time fits CI's 2 cores.
    maxWorkers: 2,
  },
});
