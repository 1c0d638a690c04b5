import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { passConfig, TOPOLOGY_JOURNEYS } from './browser';

const port = Number(process.env.E2E_PORT ?? 3210);
// Debian's PowerDNS plays the world's DNS (global-setup.ts): the app's name-server check asks it, and journeys change
// its records as an organiser would at a registrar or DNS provider.
const dnsPort = Number(process.env.E2E_DNS_PORT ?? port + 1);
process.env.E2E_DNS_PORT = String(dnsPort);
process.env.E2E_DNS_API_PORT ??= String(port + 2);
// The config is read by the runner and by each worker; only the runner starts the server, once.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'mutirao-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  // `npm test` runs these through the deployment instead (topology.config.ts), when PostgreSQL is there for it.
  testIgnore: process.env.E2E_JOURNEYS_IN_TOPOLOGY === '1' ? TOPOLOGY_JOURNEYS.map((f) => f.replace('tests/', '')) : [],
  globalSetup: './global-setup.ts',
  // The embedded database serves one process; journeys create their own users, so two workers are safe.
  ...passConfig(`http://localhost:${port}`),
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `node --enable-source-maps ${join(import.meta.dirname, '..', 'apps/server/dist/main.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ENABLE_TEST_SEED: 'true',
      // The journeys read visitors' mail and recovery links sent to signed-out users.
      SANDBOX_MAILBOX: 'open',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1: more than the default 30 sign-ins per IP in a window, which made later
      // journeys meet 'Muitas tentativas' at random. The limit itself is tested in the API suite (auth tests).
      LOGIN_MAX_PER_IP: '1000',
      DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      // A copy of the built admin app may be given, so a rebuild during the run cannot pull files from under it.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
