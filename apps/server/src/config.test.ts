import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { describeConfiguration, maskValue } from './startup';

const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-config-'));
/** Production with every service real: SMTP, Pagar.me, Route 53 (telephony, Mailchimp, Messenger by default). */
const production = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'x'.repeat(32),
  APP_URL: 'https://admin.example.org',
  SMTP_URL: 'smtp://mutirao:s3cret@mail.example.org:587',
  PAYMENTS_DRIVER: 'pagarme',
  PAGARME_API_KEY: 'ak_live_abc',
  PAGARME_ENCRYPTION_KEY: 'ek_live_abc',
  DNS_DRIVER: 'route53',
  ROUTE53_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  ROUTE53_SECRET_ACCESS_KEY: 'route53-secret',
};

/** The lines a configuration is refused with. */
function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

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

  it('in production, refuses every sandbox that would pretend, one line each naming what to set', () => {
    // Only the two variables production always needed: payments, mail and DNS have no real default.
    expect(
      refusal({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(32),
        APP_URL: 'https://a.example',
      }),
    ).toEqual([
      'PAYMENTS_DRIVER: donations would go to the sandbox and nothing would be charged; set PAYMENTS_DRIVER=pagarme with PAGARME_API_KEY and PAGARME_ENCRYPTION_KEY, or ALLOW_SANDBOX=payments',
      'SMTP_URL: e-mail would stay in the sandbox mailbox and reach nobody; set SMTP_URL (smtp://user:password@host:587), or ALLOW_SANDBOX=mail',
      'DNS_DRIVER: community domains would exist only in this database and no name server would publish them; set DNS_DRIVER=route53 (ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY) or DNS_DRIVER=powerdns (POWERDNS_API_URL, POWERDNS_API_KEY), or ALLOW_SANDBOX=dns',
    ]);
    // Services on each community's own account are real by default in production; asked for by name, refused.
    const config = loadConfig(production);
    expect([config.telephony.driver, config.mailing.driver, config.chatbot.driver]).toEqual([
      'twilio',
      'mailchimp',
      'messenger',
    ]);
    expect(config.sandboxInProduction).toEqual([]);
    const explicit = refusal({
      ...production,
      TELEPHONY_DRIVER: 'sandbox',
      MAILING_DRIVER: 'sandbox',
      CHATBOT_DRIVER: 'sandbox',
    });
    expect(explicit.map((line) => line.split(':')[0])).toEqual([
      'TELEPHONY_DRIVER',
      'MAILING_DRIVER',
      'CHATBOT_DRIVER',
    ]);
    expect(explicit[0]).toMatch(/set TELEPHONY_DRIVER=twilio .*, or ALLOW_SANDBOX=telephony$/);
    // MAIL_DRIVER=sandbox beside an SMTP_URL is a sandbox too.
    expect(refusal({ ...production, MAIL_DRIVER: 'sandbox' })).toEqual([
      expect.stringMatching(/^SMTP_URL: .*ALLOW_SANDBOX=mail$/),
    ]);
    // Every problem at once, not the first one only.
    expect(refusal({ ...production, SESSION_SECRET: undefined, PAYMENTS_DRIVER: 'sandbox' })).toHaveLength(2);
  });

  it('outside production keeps every sandbox by default, and ALLOW_SANDBOX changes nothing there', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect([config.payments.driver, config.mail.driver, config.telephony.driver, config.mailing.driver]).toEqual([
      'sandbox',
      'sandbox',
      'sandbox',
      'sandbox',
    ]);
    expect([config.chatbot.driver, config.dns.driver]).toEqual(['sandbox', 'sandbox']);
    expect(config.sandboxInProduction).toEqual([]);
  });

  it('lets a sandbox run in production only when ALLOW_SANDBOX names it, and says which', () => {
    const config = loadConfig({ ...production, PAYMENTS_DRIVER: 'sandbox', ALLOW_SANDBOX: 'payments, telephony' });
    // Telephony is named but real: only what really runs on a sandbox is reported.
    expect(config.sandboxInProduction).toEqual(['payments']);
    expect(refusal({ ...production, PAYMENTS_DRIVER: 'sandbox', ALLOW_SANDBOX: 'mail' })[0]).toMatch(
      /^PAYMENTS_DRIVER:/,
    );
    expect(refusal({ ...production, ALLOW_SANDBOX: 'payments,everything' })).toEqual([
      'ALLOW_SANDBOX: a comma-separated list of payments, mail, telephony, mailing, chatbot, dns',
    ]);
  });

  it('prints the effective configuration with keys, passwords, tokens and URL passwords masked', () => {
    const env = {
      ...production,
      DATABASE_URL: 'postgres://mutirao:db-pass@db.example.org:5432/mutirao',
      S3_SECRET_ACCESS_KEY: 'aws-secret',
    };
    const block = describeConfiguration(loadConfig(production), env, Object.keys(env));
    expect(block.split('\n')[0]).toBe('Configuration (production):');
    expect(block).toContain(
      '  services: database embedded, mail smtp, payments pagarme, telephony twilio, mailing mailchimp, chatbot messenger, dns route53, storage local',
    );
    expect(block).toMatch(/^ {2}DATABASE_URL +postgres:\/\/mutirao:\*{8}@db\.example\.org:5432\/mutirao$/m);
    expect(block).toMatch(/^ {2}SMTP_URL +smtp:\/\/mutirao:\*{8}@mail\.example\.org:587$/m);
    expect(block).toMatch(/^ {2}APP_URL +https:\/\/admin\.example\.org$/m);
    for (const secret of [
      'db-pass',
      's3cret',
      'aws-secret',
      'ak_live_abc',
      'ek_live_abc',
      'route53-secret',
      'AKIAEXAMPLE',
      'x'.repeat(32),
    ])
      expect(block).not.toContain(secret);
    expect(maskValue('MAIL_FROM', 'Mutirão <a@b.org>')).toBe('Mutirão <a@b.org>');
  });
});
