import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../../../scripts/lib/postgres.mjs';
import { Client, PRODUCTION_ENV, startTestServer } from '../test/harness';
import { freePort, runEntry, waitHealthy } from '../test/process';
import { startS3Double } from '../test/s3';
import { startSmtp, type TestSmtp } from '../test/smtp';
import { createUser } from './seed/factories';
import { maskValue } from './startup';

/** Production as an operator would write it, every service real but what each test changes. */
function production(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mutirao-startup-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_URL: 'https://admin.example.test',
    PUBLIC_HOST: 'example.test',
    HOST: '127.0.0.1',
    PORT: '0',
    PAYMENTS_DRIVER: 'pagarme',
    PAGARME_API_KEY: 'ak_test_startup',
    PAGARME_ENCRYPTION_KEY: 'ek_test_startup',
    DNS_DRIVER: 'powerdns',
    POWERDNS_API_URL: 'http://127.0.0.1:9/api/v1',
    POWERDNS_API_KEY: 'pdns-secret',
    ...extra,
  };
}

/** Runs the built server until it exits; its exit code and the lines it printed. */
async function runUntilExit(env: Record<string, string>) {
  const proc = runEntry('main', env);
  const code = await proc.exited;
  return { code, lines: proc.output().split('\n'), output: proc.output() };
}

/** Each test starts a server process or two: room for a busy machine. */
const SLOW = 180_000;

/** A stack trace's frames ("    at fn (file:line)"): never shown for a configuration problem. */
const STACK_FRAME = /^\s+at \S/m;

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe('starting in production', { timeout: SLOW }, () => {
  it('refuses the sandboxes that would pretend, one line each, exit 1 and no stack trace', async () => {
    const run = await runUntilExit({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mutirao-startup-')),
      SESSION_SECRET: 'x'.repeat(32),
      APP_URL: 'https://admin.example.test',
    });
    expect(run.code).toBe(1);
    expect(run.lines).toContain(
      'PAYMENTS_DRIVER: donations would go to the sandbox and nothing would be charged; set PAYMENTS_DRIVER=pagarme with PAGARME_API_KEY and PAGARME_ENCRYPTION_KEY, or ALLOW_SANDBOX=payments',
    );
    expect(run.lines).toContain(
      'SMTP_URL: e-mail would stay in the sandbox mailbox and reach nobody; set SMTP_URL (smtp://user:password@host:587), or ALLOW_SANDBOX=mail',
    );
    expect(run.lines.filter((line) => line.startsWith('DNS_DRIVER: '))).toHaveLength(1);
    expect(run.output).not.toMatch(STACK_FRAME);
    expect(run.output).not.toContain('Mutirão is running');
  });

  it('runs an allowed sandbox with a warning, prints its configuration masked, and the admin is told', async () => {
    const port = await freePort();
    const env = production({
      PORT: String(port),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      PAYMENTS_DRIVER: 'sandbox',
      ALLOW_SANDBOX: 'payments',
    });
    const proc = runEntry('main', env);
    try {
      await waitHealthy(`http://127.0.0.1:${port}`, proc);
      const lines = proc.output().split('\n');
      expect(lines).toContain(
        'WARNING: payments runs on its sandbox in production (ALLOW_SANDBOX): donations are not charged',
      );
      expect(lines).toContain('Configuration (production):');
      expect(lines).toContain(
        '  services: database embedded, mail smtp, payments sandbox, telephony twilio, mailing mailchimp, chatbot messenger, dns powerdns, storage local',
      );
      expect(proc.output()).toMatch(/^ {2}SESSION_SECRET +\*{8}$/m);
      for (const secret of [env.SESSION_SECRET, 'pdns-secret', 'ak_test_startup', 'ek_test_startup'])
        expect(proc.output()).not.toContain(secret);
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toBe(0);
    } finally {
      proc.child.kill('SIGKILL');
    }
  });

  it('tells a signed-in organiser which services are sandboxed (the banner’s answer), and nothing outside production', async () => {
    const prod = await startTestServer({
      env: PRODUCTION_ENV,
    });
    const dev = await startTestServer();
    try {
      for (const [server, expected] of [
        [prod, ['payments', 'mail', 'dns']],
        [dev, []],
      ] as const) {
        await createUser(server.ctx.db, { email: 'banner@example.org' });
        const client = new Client(server.url);
        const signIn = await client.post('/api/auth/sign_in', { email: 'banner@example.org', password: 'password123' });
        expect(signIn.status).toBe(200);
        const answer = await client.graphql('{ sandboxed_services }', undefined, {
          authorization: `Bearer ${signIn.body.token}`,
        });
        expect(answer.body.data.sandboxed_services).toEqual(expected);
      }
    } finally {
      await prod.close();
      await dev.close();
    }
  });
});

describe('start-up checks', { timeout: SLOW }, () => {
  it('an SMTP port nobody listens on: one line naming SMTP_URL, exit 1', async () => {
    const closed = await freePort();
    const run = await runUntilExit(production({ SMTP_URL: `smtp://127.0.0.1:${closed}` }));
    expect(run.code).toBe(1);
    expect(run.lines).toContain(`SMTP_URL: cannot reach the SMTP server at 127.0.0.1:${closed}: connection refused`);
    expect(run.output).not.toMatch(STACK_FRAME);
  });

  it('an SMTP server that never greets: the check gives up at its deadline', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const run = await runUntilExit(
        production({ SMTP_URL: `smtp://127.0.0.1:${port}`, STARTUP_CHECK_TIMEOUT_MS: '1000' }),
      );
      expect(run.code).toBe(1);
      expect(run.lines).toContain(`SMTP_URL: cannot reach the SMTP server at 127.0.0.1:${port}: no answer within 1 s`);
    } finally {
      silent.close();
    }
  });

  it('a missing bucket, or a key the store refuses: one line each', async () => {
    const keys = { accessKeyId: 'AKIASTARTUP', secretAccessKey: 'startup-secret', region: 'us-east-1' };
    const s3 = await startS3Double('uploads', { [keys.accessKeyId]: keys.secretAccessKey });
    const s3Env = (bucket: string, secret = keys.secretAccessKey) =>
      production({
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        S3_ENDPOINT: s3.url,
        S3_BUCKET: bucket,
        S3_REGION: keys.region,
        S3_ACCESS_KEY_ID: keys.accessKeyId,
        S3_SECRET_ACCESS_KEY: secret,
      });
    try {
      const missing = await runUntilExit(s3Env('no-such-bucket'));
      expect(missing.code).toBe(1);
      expect(missing.lines).toContain(
        `S3_BUCKET: the bucket "no-such-bucket" does not exist at ${new URL(s3.url).host}`,
      );
      expect(missing.output).not.toMatch(STACK_FRAME);
      const refused = await runUntilExit(s3Env('uploads', 'wrong-secret'));
      expect(refused.lines).toContain(
        'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the bucket "uploads" refused this key (403)',
      );
      expect(refused.code).toBe(1);
    } finally {
      await s3.close();
    }
  });

  describe('on PostgreSQL', () => {
    let server: { url: string; stop(): void } | undefined;
    let port = 0;
    beforeAll(async () => {
      port = await freePort();
      server = startThrowawayPostgres(port);
      if (!server) return;
      // Passwords checked on TCP (the throwaway server trusts everyone), as a real deployment does.
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query("alter user postgres password 'right-password'");
      const { rows } = await admin.query('show hba_file');
      await admin.query(
        `copy (select 'local all all trust' union all select 'host all all 127.0.0.1/32 scram-sha-256') to '${rows[0].hba_file}'`,
      );
      await admin.query('select pg_reload_conf()');
      await admin.end();
    });
    afterAll(() => server?.stop());

    it('wrong credentials in DATABASE_URL: one line naming it, exit 1', async ({ skip }) => {
      if (!server) skip('PostgreSQL is not installed');
      const run = await runUntilExit(
        production({
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          DATABASE_URL: `postgres://postgres:wrong-password@127.0.0.1:${port}/postgres`,
        }),
      );
      expect(run.code).toBe(1);
      expect(run.lines).toContain(
        `DATABASE_URL: cannot use the database at 127.0.0.1:${port}: password authentication failed for user "postgres"`,
      );
      expect(run.output).not.toContain('wrong-password');
      expect(run.output).not.toMatch(STACK_FRAME);
    });

    it('a DATABASE_URL nobody answers at: connection refused', async () => {
      const closed = await freePort();
      const run = await runUntilExit(
        production({
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          DATABASE_URL: `postgres://postgres:right-password@127.0.0.1:${closed}/postgres`,
        }),
      );
      expect(run.code).toBe(1);
      expect(run.lines).toContain(`DATABASE_URL: cannot use the database at 127.0.0.1:${closed}: connection refused`);
    });
  });
});

describe('the start-up block', () => {
  it('masks a secret in a URL wherever it is: the password part and query parameters named like one', () => {
    expect(maskValue('DATABASE_URL', 'postgres://app:s3cret@db:5432/mutirao')).toBe(
      'postgres://app:********@db:5432/mutirao',
    );
    expect(maskValue('DATABASE_URL', 'postgres://db:5432/mutirao?user=app&password=s3cret&sslmode=require')).toBe(
      'postgres://db:5432/mutirao?user=app&password=********&sslmode=require',
    );
    expect(maskValue('SMTP_URL', 'smtp://mail:587?user=app&pass=s3cret')).not.toContain('s3cret');
    expect(maskValue('S3_ENDPOINT', 'https://s3.example.org/b?X-Amz-Signature=abc123')).not.toContain('abc123');
    // Nothing secret: printed as given.
    expect(maskValue('APP_URL', 'https://admin.example.org/?utm=x')).toBe('https://admin.example.org/?utm=x');
    expect(maskValue('WEB_PROCESSES', '4')).toBe('4');
    expect(maskValue('SESSION_SECRET', 'whatever')).toBe('********');
  });
});
