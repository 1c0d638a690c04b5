import type { PlaywrightTestConfig } from '@playwright/test';

/**
 * The journeys that run through the deployment `deploy/` describes (e2e/topology.config.ts: Caddy, two web processes
 * and a worker on PostgreSQL) when `npm test` runs that pass, instead of against the one embedded-database process.
 */
export const TOPOLOGY_JOURNEYS = [
  'tests/form.spec.ts',
  'tests/pressure.spec.ts',
  'tests/pressure-phone.spec.ts',
  'tests/donation.spec.ts',
];

/** What both passes share: timeouts, two workers, no retries, and the browser below at `baseURL`. */
export const passConfig = (baseURL: string) =>
  ({
    timeout: 30_000,
    expect: { timeout: 7_000 },
    fullyParallel: false,
    workers: 2,
    retries: 0,
    use: browserUse(baseURL),
  }) satisfies PlaywrightTestConfig;

/** What every pass gives the browser: Debian's Chromium, never a downloaded one, in Brazilian Portuguese. */
export const browserUse = (baseURL: string): PlaywrightTestConfig['use'] => ({
  baseURL,
  locale: 'pt-BR',
  reducedMotion: 'reduce',
  trace: 'off',
  screenshot: 'only-on-failure',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
});
