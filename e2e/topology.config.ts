import { defineConfig } from '@playwright/test';
import { passConfig, TOPOLOGY_JOURNEYS } from './browser';

/*
 * The deployment `deploy/` describes, tested (issue 32): Caddy on deploy/Caddyfile in front of two web processes and a
 * worker started from the systemd units, on a throwaway PostgreSQL (topology/setup.ts). The form, e-mail pressure,
 * phone pressure and donation journeys run through Caddy, then topology/*.spec.ts kills a web process under load.
 */
process.env.E2E_PORT ??= '3240';
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: '.',
  testMatch: [...TOPOLOGY_JOURNEYS, 'topology/*.spec.ts'],
  globalSetup: './topology/setup.ts',
  ...passConfig(`http://localhost:${port}`),
  projects: [
    { name: 'journeys', testMatch: TOPOLOGY_JOURNEYS },
    // Killing a web process would cut the journeys' requests: it runs once they are done.
    { name: 'kill', testMatch: 'topology/*.spec.ts', dependencies: ['journeys'] },
  ],
});
