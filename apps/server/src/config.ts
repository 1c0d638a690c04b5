import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import {
  publicPageUrl as corePublicPageUrl,
  isSandboxService,
  SANDBOX_SERVICES,
  type SandboxService,
} from '@mutirao/core';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  PUBLIC_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name such as mutirao.org, without scheme or port')
    .optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_REPLICA_URL: z.string().optional(),
  PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  WEB_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  SESSION_SECRET: z.string().min(32).optional(),
  SEED_DEMO: bool,
  PUBLIC_LOOKUP_CACHE: bool,
  SESSION_CACHE: bool,
  MAIL_DRIVER: z.enum(['sandbox', 'smtp']).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Mutirão <nao-responda@mutirao.local>'),
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  UPLOADS_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  LOGIN_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_PER_ACCOUNT_IP: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  ACTION_MAX_PER_IP: z.coerce.number().int().positive().default(30),
  ACTION_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Signs the anti-spam challenges (ALTCHA); by default derived from the session secret. */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** PBKDF2 iterations per attempt, and the highest attempt number a challenge asks for (the work is their product). */
  ALTCHA_COST: z.coerce.number().int().positive().max(1_000_000).default(1000),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().positive().max(10_000_000).default(2000),
  ALTCHA_EXPIRE_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  /** The automatic switch-on: more than this many actions from one network on one page in the window (0: never). */
  ANTISPAM_BURST_ACTIONS: z.coerce.number().int().min(0).default(20),
  ANTISPAM_BURST_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  ANTISPAM_AUTO_SECONDS: z.coerce.number().int().positive().default(3600),
  FORM_ENTRY_WRITERS: z.coerce.number().int().positive().max(20).default(2),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().int().positive().default(120),
  SUPPORT_EMAIL: z.string().default('suporte@mutirao.org'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) => /^(true|false)$/i.test(v) || proxyList(v).every(isProxyAddress),
      'true, false, or proxy addresses: IPs, CIDR ranges, loopback, linklocal, uniquelocal',
    )
    .optional(),
  ENABLE_TEST_SEED: bool,
  LANGUAGE: z.enum(['pt-BR', 'es', 'en']).default('pt-BR'),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(120).default(5),
  BACKUP_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(24),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  SANDBOX_MAILBOX: z.enum(['own', 'open']).default('own'),
  TELEPHONY_DRIVER: z.enum(['sandbox', 'twilio']).optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  TWILIO_WEBHOOK_URL: z.string().url().optional(),
  TELEPHONY_SANDBOX_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  TELEPHONY_SECRET_KEY: z.string().min(32).optional(),
  MAILING_DRIVER: z.enum(['sandbox', 'mailchimp']).optional(),
  /** Mailchimp's Marketing API base; by default `https://{dc}.api.mailchimp.com/3.0` from the key's data centre. */
  MAILCHIMP_API_URL: z.string().url().optional(),
  MAILCHIMP_SECRET_KEY: z.string().min(32).optional(),
  /** Longest Retry-After a sync waits for in place; a longer one sends the job back to the queue. */
  MAILCHIMP_MAX_RETRY_AFTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  CHATBOT_DRIVER: z.enum(['sandbox', 'messenger']).optional(),
  /** Facebook's Graph API base for the Send API (`POST {url}/me/messages`). */
  MESSENGER_API_URL: z.string().url().default('https://graph.facebook.com/v19.0'),
  /** The message tag a mass message goes out with (outside the 24-hour window a tag is required). */
  MESSENGER_MESSAGE_TAG: z
    .enum(['CONFIRMED_EVENT_UPDATE', 'POST_PURCHASE_UPDATE', 'ACCOUNT_UPDATE', 'HUMAN_AGENT'])
    .default('CONFIRMED_EVENT_UPDATE'),
  /** Messages per second a mass message goes out at, per bot page and process; 0 means no limit (benchmarks). */
  MESSENGER_MAX_PER_SECOND: z.coerce.number().min(0).max(1000).default(40),
  /** A recipient left `sending` this long (its worker died mid-call) is marked failed, never sent again. */
  CHATBOT_SENDING_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  CHATBOT_SECRET_KEY: z.string().min(32).optional(),
  DNS_DRIVER: z.enum(['sandbox', 'powerdns', 'route53']).default('sandbox'),
  /** The name servers zones are delegated to (sandbox and PowerDNS; Route 53 picks its own). */
  DNS_NAMESERVERS: z.string().default('ns1.mutirao.invalid,ns2.mutirao.invalid'),
  /** Resolvers for the name-server check, 'host' or 'host:port', comma separated; the system's when unset. */
  DNS_RESOLVER: z.string().optional(),
  POWERDNS_API_URL: z.string().url().optional(),
  POWERDNS_API_KEY: z.string().optional(),
  ROUTE53_ACCESS_KEY_ID: z.string().optional(),
  ROUTE53_SECRET_ACCESS_KEY: z.string().optional(),
  /** Route 53's API address; AWS's own unless set. */
  ROUTE53_ENDPOINT: z.string().url().optional(),
  /** The SSL check's handshake: the port, an address to connect to instead of the host, extra trusted roots (PEM). */
  TLS_CHECK_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  TLS_CHECK_ADDRESS: z.string().optional(),
  TLS_CHECK_CA_FILE: z.string().optional(),
  PAYMENTS_DRIVER: z.enum(['sandbox', 'pagarme']).default('sandbox'),
  /** Where the provider posts transaction changes; defaults to APP_URL. */
  PAYMENTS_POSTBACK_URL: z.string().url().optional(),
  PAGARME_API_URL: z.string().url().default('https://api.pagar.me/1'),
  PAGARME_API_KEY: z.string().min(1).optional(),
  PAGARME_ENCRYPTION_KEY: z.string().min(1).optional(),
  PAGARME_CHECKOUT_SCRIPT_URL: z.string().url().default('https://assets.pagar.me/checkout/1.1.0/checkout.js'),
  PAGARME_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(20_000),
  /** In production, the services that may still run on their sandbox, by name (`payments,mail`); nothing else may. */
  ALLOW_SANDBOX: z
    .string()
    .refine((v) => list(v).every(isSandboxService), `a comma-separated list of ${SANDBOX_SERVICES.join(', ')}`)
    .optional(),
  /** How long each start-up check (database, SMTP, bucket) waits for an answer. */
  STARTUP_CHECK_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(10_000),
});

/**
 * Why each sandbox cannot serve a real community, and what to set instead: one line of the refusal each. Payments,
 * mail and DNS need the operator's own credentials, so they have no real default. Telephony, the mailing list and the
 * chat bot use each community's own account (connected in the admin), so production defaults to the real driver and
 * only an explicit `sandbox` is refused: a community that never connects one is not asked to configure anything.
 */
const SANDBOX_REFUSALS: Record<SandboxService, string> = {
  payments:
    'PAYMENTS_DRIVER: donations would go to the sandbox and nothing would be charged; set PAYMENTS_DRIVER=pagarme with PAGARME_API_KEY and PAGARME_ENCRYPTION_KEY',
  mail: 'SMTP_URL: e-mail would stay in the sandbox mailbox and reach nobody; set SMTP_URL (smtp://user:password@host:587)',
  telephony:
    'TELEPHONY_DRIVER: calls would be simulated and nobody called; set TELEPHONY_DRIVER=twilio (each community connects its own Twilio account)',
  mailing:
    'MAILING_DRIVER: mailing-list syncs would be recorded here and never reach Mailchimp; set MAILING_DRIVER=mailchimp (each community connects its own key)',
  chatbot:
    'CHATBOT_DRIVER: chat-bot messages would be recorded here and never reach Messenger; set CHATBOT_DRIVER=messenger (each community connects its own page)',
  dns: 'DNS_DRIVER: community domains would exist only in this database and no name server would publish them; set DNS_DRIVER=route53 (ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY) or DNS_DRIVER=powerdns (POWERDNS_API_URL, POWERDNS_API_KEY)',
};

/** A configuration that cannot run: one line per problem, each naming the variable to set. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Every variable the server reads (the start-up block prints those the environment sets). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyList = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  if (NAMED_RANGES.includes(entry.toLowerCase())) return true;
  return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/**
 * Which peers may tell us the client's address in `X-Forwarded-For` (Fastify's `trustProxy`). That address
 * drives the sign-in limit, so a header a client wrote itself must never count. Proxies are named by address,
 * not by hop count (Fastify ignores hop counts, since they cannot tell a proxy from a client). In production the
 * default trusts a proxy on loopback only (Caddy or nginx on the same machine): trusting whole private ranges would
 * let any client on the same network name its own address and dodge the visitor limits. Elsewhere none.
 */
function trustProxyOf(value: string | undefined, production: boolean): boolean | string[] {
  if (value === undefined) return production ? ['loopback'] : false;
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return proxyList(value);
}

export type Config = ReturnType<typeof loadConfig>;

/** 'a, b,,c' → ['a', 'b', 'c']. */
const list = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** Reads the environment once; every setting the README documents is parsed here. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const problems: string[] = [];
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (32+ characters)');
  // Links in e-mails (password recovery) would otherwise take their host from the request, which a caller
  // chooses: a recovery link could be made to point at someone else's site.
  if (production && !e.APP_URL) problems.push('APP_URL: required in production (the admin app address)');
  const mailDriver = e.MAIL_DRIVER ?? (e.SMTP_URL ? 'smtp' : 'sandbox');
  if (mailDriver === 'smtp' && !e.SMTP_URL) problems.push('SMTP_URL: required with MAIL_DRIVER=smtp');
  const storageDriver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (storageDriver === 's3' && !(e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: all three required with STORAGE_DRIVER=s3');
  }
  // Without both keys the server could neither charge (API key) nor let browsers tokenise cards (encryption key):
  // refuse to start rather than fail at a donor's first attempt.
  if (e.PAYMENTS_DRIVER === 'pagarme' && !(e.PAGARME_API_KEY && e.PAGARME_ENCRYPTION_KEY)) {
    problems.push('PAGARME_API_KEY, PAGARME_ENCRYPTION_KEY: both required with PAYMENTS_DRIVER=pagarme');
  }
  if (e.DNS_DRIVER === 'powerdns' && !(e.POWERDNS_API_URL && e.POWERDNS_API_KEY)) {
    problems.push('POWERDNS_API_URL, POWERDNS_API_KEY: both required with DNS_DRIVER=powerdns');
  }
  if (e.DNS_DRIVER === 'route53' && !(e.ROUTE53_ACCESS_KEY_ID && e.ROUTE53_SECRET_ACCESS_KEY)) {
    problems.push('ROUTE53_ACCESS_KEY_ID, ROUTE53_SECRET_ACCESS_KEY: both required with DNS_DRIVER=route53');
  }
  const drivers = {
    payments: e.PAYMENTS_DRIVER,
    mail: mailDriver,
    telephony: e.TELEPHONY_DRIVER ?? (production ? 'twilio' : 'sandbox'),
    mailing: e.MAILING_DRIVER ?? (production ? 'mailchimp' : 'sandbox'),
    chatbot: e.CHATBOT_DRIVER ?? (production ? 'messenger' : 'sandbox'),
    dns: e.DNS_DRIVER,
  } satisfies Record<SandboxService, string>;
  const sandboxed = SANDBOX_SERVICES.filter((service) => drivers[service] === 'sandbox');
  const allowed = list(e.ALLOW_SANDBOX ?? '');
  if (production) {
    for (const service of sandboxed)
      if (!allowed.includes(service)) problems.push(`${SANDBOX_REFUSALS[service]}, or ALLOW_SANDBOX=${service}`);
  }
  if (problems.length) throw new ConfigError(problems);
  const sessionSecret = e.SESSION_SECRET ?? devSecret(dataDir);
  return {
    production,
    /** In production, the services ALLOW_SANDBOX lets run on their sandbox (admin banner, start-up warning). */
    sandboxInProduction: production ? sandboxed : [],
    startupCheckTimeoutMs: e.STARTUP_CHECK_TIMEOUT_MS,
    port: e.PORT,
    host: e.HOST,
    appUrl: e.APP_URL?.replace(/\/$/, ''),
    /** Public pages live at `{slug}.{publicHost}`; in development `{slug}.localhost:PORT` works in browsers. */
    publicHost: (e.PUBLIC_HOST ?? (production ? undefined : 'localhost'))?.toLowerCase(),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    replicaUrl: e.DATABASE_REPLICA_URL,
    processRole: e.PROCESS_ROLE,
    webProcesses: e.WEB_PROCESSES,
    /** The language of what the server itself prints (start-up, shutdown, database messages). */
    language: e.LANGUAGE,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    /** Snapshots of the embedded database: every this many minutes (0: never on a schedule), keeping this many. */
    backups: { intervalMinutes: e.BACKUP_INTERVAL_MINUTES, keep: e.BACKUP_KEEP },
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    sessionSecret,
    sessions: { idleDays: e.SESSION_IDLE_DAYS, maxDays: Math.max(e.SESSION_MAX_DAYS, e.SESSION_IDLE_DAYS) },
    seedDemo: e.SEED_DEMO ?? !production,
    /**
     * Keep public pages' host lookups in each process, dropped by NOTIFY. Always on the embedded engine (one process,
     * notices delivered in it). On PostgreSQL off unless set: an edit then shows within the notice's delay (ms) in
     * other processes instead of on the very next request.
     */
    publicLookupCache: e.PUBLIC_LOOKUP_CACHE ?? false,
    /**
     * On PostgreSQL, keep sessions and memberships in each process, dropped by LISTEN/NOTIFY (http/accessCache.ts).
     * Opt-in for the same reason: a sign-out or a removed membership reaches the other processes a notice's delay
     * after the commit. The embedded engine always keeps them: its notices arrive before the change returns.
     */
    sessionCache: e.SESSION_CACHE ?? false,
    mail: {
      driver: mailDriver,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
      leaseSeconds: e.MAIL_LEASE_SECONDS,
    },
    storage: {
      driver: storageDriver,
      uploadsDir: resolve(e.UPLOADS_DIR ?? join(dataDir, 'uploads')),
      s3: {
        bucket: e.S3_BUCKET ?? '',
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        publicUrl: e.S3_PUBLIC_URL,
      },
    },
    loginLimits: {
      perIp: e.LOGIN_MAX_PER_IP,
      perAccountAndIp: e.LOGIN_MAX_PER_ACCOUNT_IP,
      perAccount: e.LOGIN_MAX_PER_ACCOUNT,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    /** Visitor actions (form entries, later pressures and donations) per IP and window, shared by every action. */
    actionLimits: { perIp: e.ACTION_MAX_PER_IP, windowSeconds: e.ACTION_WINDOW_SECONDS },
    /** The anti-spam challenge (issue 35, `antispam/`). */
    antispam: {
      /** Signs challenges; derived from the session secret unless ALTCHA_HMAC_KEY is set, so every process agrees. */
      hmacKey: e.ALTCHA_HMAC_KEY ?? derivedSecret(sessionSecret, 'altcha'),
      cost: e.ALTCHA_COST,
      maxCounter: e.ALTCHA_MAX_COUNTER,
      expireSeconds: e.ALTCHA_EXPIRE_SECONDS,
      burstActions: e.ANTISPAM_BURST_ACTIONS,
      burstWindowSeconds: e.ANTISPAM_BURST_WINDOW_SECONDS,
      autoSeconds: e.ANTISPAM_AUTO_SECONDS,
    },
    /** Form entries written at once per process on PostgreSQL (group commit); the embedded engine writes one batch at a time. */
    formEntryWriters: e.FORM_ENTRY_WRITERS,
    telephony: {
      driver: drivers.telephony,
      /** Twilio's REST API; tests point it at a loopback double. */
      apiUrl: e.TWILIO_API_URL.replace(/\/$/, ''),
      /** Where Twilio reaches this server; status callbacks are signed over this address, never over the Host. */
      webhookUrl: e.TWILIO_WEBHOOK_URL?.replace(/\/$/, ''),
      /** The sandbox's pause between two states of a simulated call. */
      sandboxStepMs: e.TELEPHONY_SANDBOX_STEP_MS,
      /** Encrypts the communities' auth tokens at rest; by default derived from the session secret. */
      secretKey: e.TELEPHONY_SECRET_KEY,
    },
    payments: {
      driver: e.PAYMENTS_DRIVER,
      /** Where the provider reaches this server; postbacks are addressed here, never to the request's Host. */
      postbackUrl: e.PAYMENTS_POSTBACK_URL?.replace(/\/$/, ''),
      pagarme: {
        /** Pagar.me's API v4; tests point it at a loopback double. */
        apiUrl: e.PAGARME_API_URL.replace(/\/$/, ''),
        /** Secret: authenticates the calls and signs the postbacks. */
        apiKey: e.PAGARME_API_KEY ?? '',
        /** Public: the browser's checkout script encrypts the card with it. */
        encryptionKey: e.PAGARME_ENCRYPTION_KEY ?? '',
        checkoutScriptUrl: e.PAGARME_CHECKOUT_SCRIPT_URL,
        /** A call without an answer after this long is a timeout (a charge's outcome is then reconciled). */
        timeoutMs: e.PAGARME_TIMEOUT_MS,
      },
    },
    mailing: {
      driver: drivers.mailing,
      /** Tests point it at a loopback double; unset, each key's data centre picks its host. */
      mailchimpApiUrl: e.MAILCHIMP_API_URL?.replace(/\/$/, ''),
      /** Encrypts the communities' API keys at rest; by default derived from the session secret. */
      secretKey: e.MAILCHIMP_SECRET_KEY,
      maxRetryAfterSeconds: e.MAILCHIMP_MAX_RETRY_AFTER_SECONDS,
    },
    chatbot: {
      driver: drivers.chatbot,
      /** Facebook's Send API; tests point it at a loopback double. */
      messengerApiUrl: e.MESSENGER_API_URL.replace(/\/$/, ''),
      messageTag: e.MESSENGER_MESSAGE_TAG,
      maxPerSecond: e.MESSENGER_MAX_PER_SECOND,
      sendingTimeoutSeconds: e.CHATBOT_SENDING_TIMEOUT_SECONDS,
      /** Encrypts the bot pages' tokens at rest; by default derived from the session secret. */
      secretKey: e.CHATBOT_SECRET_KEY,
    },
    dns: {
      driver: e.DNS_DRIVER,
      nameServers: list(e.DNS_NAMESERVERS),
      resolvers: list(e.DNS_RESOLVER ?? ''),
      tlsCheck: {
        port: e.TLS_CHECK_PORT,
        address: e.TLS_CHECK_ADDRESS,
        ca: e.TLS_CHECK_CA_FILE ? readFileSync(e.TLS_CHECK_CA_FILE, 'utf8') : undefined,
      },
      route53: {
        accessKeyId: e.ROUTE53_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.ROUTE53_SECRET_ACCESS_KEY ?? '',
        endpoint: e.ROUTE53_ENDPOINT,
      },
      powerDns: { apiUrl: e.POWERDNS_API_URL?.replace(/\/$/, '') ?? '', apiKey: e.POWERDNS_API_KEY ?? '' },
    },
    supportEmail: e.SUPPORT_EMAIL,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    logLevel: e.LOG_LEVEL,
    /** `GET /metrics` answers a scraper bearing this token (`http/metrics.ts`); unset, there is no such route. */
    metricsToken: e.METRICS_TOKEN,
    trustProxy: trustProxyOf(e.TRUST_PROXY, production),
    /** Every sandbox message for anyone (browser journeys); otherwise each user sees their own. Never in production. */
    sandboxMailboxOpen: e.SANDBOX_MAILBOX === 'open' && !production,
    /** The test-only seed route for browser journeys and the bench; never in production. */
    testSeed: (e.ENABLE_TEST_SEED ?? false) && !production,
  };
}

/**
 * The admin's address for links that leave the server (e-mails): APP_URL, or in development this machine's port.
 * Never the request's Host, which the caller chooses.
 */
export function adminBaseUrl(config: Config): string {
  return config.appUrl ?? `http://localhost:${config.port}`;
}

/** The base of the URLs the payment provider posts to: PAYMENTS_POSTBACK_URL, or the admin's address. */
export function paymentsPostbackBase(config: Config): string {
  return config.payments.postbackUrl ?? adminBaseUrl(config);
}

/** The base of the URLs Twilio calls back: TWILIO_WEBHOOK_URL, or the admin's address. */
export function telephonyWebhookBase(config: Config): string {
  return config.telephony.webhookUrl ?? adminBaseUrl(config);
}

/**
 * A public page's own address (canonical, og:url): core's `publicPageUrl` over APP_URL and PUBLIC_HOST, the one
 * the admin screens link to. Built from configuration only, since it is cached for every visitor.
 */
export function publicPageUrl(config: Config, page: { slug: string; customDomain: string | null }): string {
  return corePublicPageUrl(
    { appUrl: adminBaseUrl(config), publicHost: config.publicHost },
    { slug: page.slug, custom_domain: page.customDomain },
  );
}

/** A secret of its own for one use, derived from another (HMAC-SHA256 of the use's name). */
function derivedSecret(secret: string, use: string): string {
  return createHmac('sha256', secret).update(`mutirao:${use}`).digest('hex');
}

/** Outside production a secret is made once and kept beside the data, so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
