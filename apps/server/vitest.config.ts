import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite takes ~1 GB per open database; two files at a time fits CI's 2 cores.
    maxWorkers: 2,
    // Each worker imports the server once for all its files instead of once per file: the whole suite took 327 s
    // instead of 679 s on PGlite and 190 s instead of 640 s on PostgreSQL (2 cores, 2026-11-28). Each file builds
    // its own server and database; a file that needs fresh module state must reset it itself.
    isolate: false,
    // graphql has no exports map: Vite gives the sources its ESM build, Node gives an external package the CommonJS
    // one, and graphql-js refuses a schema from "another realm". Inlined, graphql-ws uses the same copy as the app
    // (in production Node resolves both to the CommonJS build).
    server: { deps: { inline: ['graphql-ws'] } },
  },
});
