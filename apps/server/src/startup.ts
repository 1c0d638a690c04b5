import type { SandboxService } from '@mutirao/core';
import pg from 'pg';
import type { Config } from './config';
import { presignS3Url } from './uploads/s3-presign';

/** Names whose values are never printed: keys, passwords, tokens, secrets. */
const SECRET_NAME = /KEY|SECRET|PASSWORD|TOKEN/;

/** Query parameters that carry a secret in a URL (`postgres://…?password=…`, `smtp://…?pass=…`, a signed URL). */
const SECRET_PARAM = /pass|secret|token|key|signature|credential/i;

/**
 * A value as the start-up block prints it: a secret hidden; in a URL, the password part and every query parameter
 * named like a secret replaced.
 */
export function maskValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return '********';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  let masked = false;
  if (url.password) {
    url.password = '********';
    masked = true;
  }
  for (const key of [...url.searchParams.keys()])
    if (SECRET_PARAM.test(key)) {
      url.searchParams.set(key, '********');
      masked = true;
    }
  return masked ? url.toString() : value;
}

/**
 * The effective configuration, one readable block: the driver of every service (defaults included), then each
 * variable the environment sets (among those `config.ts` reads), secrets masked.
 */
export function describeConfiguration(config: Config, env: NodeJS.ProcessEnv, known: readonly string[]): string {
  const services = [
    `database ${config.databaseUrl ? 'postgresql' : 'embedded'}`,
    `mail ${config.mail.driver}`,
    `payments ${config.payments.driver}`,
    `telephony ${config.telephony.driver}`,
    `mailing ${config.mailing.driver}`,
    `chatbot ${config.chatbot.driver}`,
    `dns ${config.dns.driver}`,
    `storage ${config.storage.driver}`,
  ];
  const set = known.filter((name) => env[name] !== undefined && env[name] !== '').sort();
  const width = Math.max(0, ...set.map((name) => name.length));
  return [
    `Configuration (${config.production ? 'production' : 'not production'}):`,
    `  services: ${services.join(', ')}`,
    ...set.map((name) => `  ${name.padEnd(width)}  ${maskValue(name, env[name] ?? '')}`),
  ].join('\n');
}

/** What each allowed sandbox does instead of the real thing: the warning printed at every start. */
const SANDBOX_EFFECTS: Record<SandboxService, string> = {
  payments: 'donations are not charged',
  mail: 'e-mail stays in the sandbox mailbox',
  telephony: 'calls are simulated, nobody is called',
  mailing: 'nothing reaches Mailchimp',
  chatbot: 'nothing reaches Messenger',
  dns: 'community domains are not published',
};

export function sandboxWarnings(config: Config): string[] {
  return config.sandboxInProduction.map(
    (service) => `WARNING: ${service} runs on its sandbox in production (ALLOW_SANDBOX): ${SANDBOX_EFFECTS[service]}`,
  );
}

/** Why a connection failed, in a few words: the system's code when there is one, else the first line. */
function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const message = (e.message ?? String(error)).split('\n')[0] ?? '';
  if (e.code === 'ECONNREFUSED' || message.includes('ECONNREFUSED')) return 'connection refused';
  if (['ENOTFOUND', 'EAI_AGAIN'].includes(e.code ?? '') || /ENOTFOUND|EAI_AGAIN/.test(message)) return 'host not found';
  return message;
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.port ? `${u.hostname}:${u.port}` : u.hostname;
  } catch {
    return 'its host';
  }
}

/** Runs `check` against a deadline: a line naming the variable when it fails or outlasts `ms`. */
async function within(ms: number, variable: string, target: string, check: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`${variable}: ${target}: no answer within ${ms / 1000} s`), ms);
  });
  const outcome = check().then(
    () => undefined,
    (error: unknown) => `${variable}: ${target}: ${reason(error)}`,
  );
  try {
    return await Promise.race([outcome, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(variable: string, url: string, ms: number) {
  return within(ms, variable, `cannot use the database at ${hostOf(url)}`, async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: ms });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  });
}

async function checkSmtp(url: string, ms: number) {
  return within(ms, 'SMTP_URL', `cannot reach the SMTP server at ${hostOf(url)}`, async () => {
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(url, {
      connectionTimeout: ms,
      greetingTimeout: ms,
      socketTimeout: ms,
    } as object);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  });
}

/** S3's HeadBucket, signed as the upload driver signs: 200 the bucket is there, 404 it is not, 403 the key is refused. */
async function checkBucket(s3: Config['storage']['s3'], ms: number) {
  const endpoint = s3.endpoint
    ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  let status = 0;
  const failure = await within(
    ms,
    s3.endpoint ? 'S3_ENDPOINT' : 'S3_BUCKET',
    `cannot reach ${hostOf(endpoint)}`,
    async () => {
      const url = await presignS3Url({
        method: 'HEAD',
        endpoint,
        key: '',
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        expiresSeconds: 60,
      });
      status = (await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(ms) })).status;
    },
  );
  if (failure) return failure;
  if (status === 404) return `S3_BUCKET: the bucket "${s3.bucket}" does not exist at ${hostOf(endpoint)}`;
  if (status === 401 || status === 403)
    return `S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: the bucket "${s3.bucket}" refused this key (${status})`;
  if (status >= 300) return `S3_BUCKET: the bucket "${s3.bucket}" answered ${status}`;
  return undefined;
}

/**
 * Checks what the configuration points at before the server starts: the database (reachable, and these
 * credentials accepted), the SMTP server, the bucket. Each check has the same deadline; they run together.
 * Returns one line per problem, each naming the variable.
 */
export async function checkConfiguration(config: Config): Promise<string[]> {
  const ms = config.startupCheckTimeoutMs;
  const checks: Promise<string | undefined>[] = [];
  if (config.databaseUrl) checks.push(checkDatabase('DATABASE_URL', config.databaseUrl, ms));
  if (config.replicaUrl) checks.push(checkDatabase('DATABASE_REPLICA_URL', config.replicaUrl, ms));
  if (config.mail.driver === 'smtp' && config.mail.smtpUrl) checks.push(checkSmtp(config.mail.smtpUrl, ms));
  if (config.storage.driver === 's3') checks.push(checkBucket(config.storage.s3, ms));
  return (await Promise.all(checks)).filter((line): line is string => line !== undefined);
}
