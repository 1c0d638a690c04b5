import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-config-'));
const production = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'x'.repeat(32),
  APP_URL: 'https://admin.example.org',
};

describe('configuration', () => {
  it('refuses to run in production without a session secret or the admin address', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET/);
    // Without APP_URL, recovery links would take their host from the request, which the caller chooses.
    expect(() => loadConfig({ ...production, APP_URL: undefined })).toThrow(/APP_URL/);
    expect(loadConfig(production).appUrl).toBe('https://admin.example.org');
  });

  it('believes a proxy on loopback in production and none elsewhere, unless TRUST_PROXY says otherwise', () => {
    // Not whole private ranges: a client on the same network could otherwise name its own address.
    expect(loadConfig(production).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    // A hop count cannot tell a proxy from a client, so it is refused rather than silently ignored.
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });

  it('opens the test seed route only when asked, and never in production', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).testSeed).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, ENABLE_TEST_SEED: 'true' }).testSeed).toBe(true);
    expect(loadConfig({ ...production, ENABLE_TEST_SEED: 'true' }).testSeed).toBe(false);
  });
});
