// biome-ignore-all lint/suspicious/noExplicitAny: response bodies are loosely typed here; the assertions check their shape.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, registeredRoutes } from '../src/app';
import { closeContext, createContext } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { APPLICATION_NAME, type Database, openDatabase } from '../src/db/client';
import type { MailDriver } from '../src/mail/drivers';

/** A fresh, migrated database for one test file, on whichever engine this run uses. */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (inject('engine') === 'postgres') {
    const template = new URL(inject('templateUrl'));
    const name = `mutirao_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = new URL(template);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.pathname.slice(1)}`);
    await admin.end();
    const url = new URL(template);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      database,
      url: url.toString(),
      drop: async () => {
        const a = new pg.Client({ connectionString: adminUrl.toString() });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('snapshotFile'))]);
  const pglite = new PGlite({ loadDataDir: dump });
  const database = await openDatabase({ pglite });
  return { database, drop: async () => {} };
}

/** `freshDatabase` for a whole test file: opened before its tests, closed and dropped after them. */
export function useFreshDatabase(): { readonly database: Database; readonly url: string | undefined } {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh?.database.close();
    await fresh?.drop();
  });
  return {
    get database() {
      if (!fresh) throw new Error('the fresh database opens before the tests run');
      return fresh.database;
    },
    get url() {
      return fresh?.url;
    },
  };
}

/**
 * The database as another process opens it, for a second instance of a service: its own pool on PostgreSQL (`url`).
 * PGlite is one process: there two instances stand for two processes in their memory only, on the one handle.
 */
export async function secondHandle(database: Database, url: string | undefined): Promise<Database> {
  if (database.kind !== 'postgres') return { ...database, close: async () => {} };
  if (!url) throw new Error('a second handle on PostgreSQL needs its URL');
  return openDatabase({ databaseUrl: url });
}

/**
 * A production server for tests: an admin address, a public host, and the sandboxes a test machine has no real
 * service for, allowed by name (production refuses them otherwise).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_URL: 'http://admin.example.test',
  PUBLIC_HOST: 'example.test',
  ALLOW_SANDBOX: 'payments,mail,dns',
};

export interface TestServer {
  url: string;
  ctx: AppContext;
  app: FastifyInstance;
  /** Every route the app registered. */
  routes: { method: string; url: string }[];
  close(): Promise<void>;
}

/** The real HTTP stack on a random port, with jobs running, on a fresh database. */
export async function startTestServer(
  options: { env?: Record<string, string>; mailDriver?: MailDriver; serveWeb?: boolean } = {},
): Promise<TestServer> {
  const fresh = await freshDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'mutirao-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Tests act from one address, often dozens of times on one page: the anti-spam challenge would switch itself on
    // (a burst from one network). `antispam/antispam.test.ts` sets it.
    ANTISPAM_BURST_ACTIONS: '0',
    ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    ...options.env,
  });
  const ctx = await createContext(config, {
    database: fresh.database,
    migrate: false,
    mailDriver: options.mailDriver,
    jobPollingIntervalSeconds: 0.5,
  });
  await ctx.queue.start({ work: true });
  return serve(ctx, options.serveWeb ?? false, () => fresh.drop());
}

/** The app of `ctx` on a random port; `close` stops it, then the context, then runs `after`. */
async function serve(ctx: AppContext, serveWeb: boolean, after = async () => {}): Promise<TestServer> {
  const app = await buildApp(ctx, { serveWeb });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    ctx,
    app,
    routes: registeredRoutes.get(app) ?? [],
    close: async () => {
      await app.close();
      await closeContext(ctx);
      await after();
    },
  };
}

/**
 * Another process beside `server` (PostgreSQL only), as `npm start` runs several: the same configuration and
 * database, with its own pool, queue, caches, event bus and port. Like a web process it sends jobs, and works them
 * only when `work` is set; close it before `server`.
 */
export async function startSecondProcess(server: TestServer, options: { work?: boolean } = {}): Promise<TestServer> {
  if (!server.ctx.config.databaseUrl) throw new Error('a second process needs PostgreSQL (TEST_DATABASE_URL)');
  const ctx = await createContext(server.ctx.config, {
    database: await openDatabase({ databaseUrl: server.ctx.config.databaseUrl }),
    migrate: false,
    jobPollingIntervalSeconds: 0.5,
  });
  await ctx.queue.start({ work: options.work ?? false });
  return serve(ctx, false);
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny HTTP client with a cookie jar, like a browser tab. */
export class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const cookieHeader = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...this.defaults,
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** GraphQL answers are read loosely in tests: their shape is what the assertions check. */
  graphql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>) {
    return this.post('/v1/graphql', { query, variables }, headers);
  }
}

/** Signs a new client in with a user made by the seed factories. */
export async function signIn(server: TestServer, email: string, password = 'password123'): Promise<Client> {
  const client = new Client(server.url);
  const res = await client.post('/api/auth/sign_in', { email, password });
  if (res.status !== 200) throw new Error(`sign in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** The LISTEN connections open on `database`'s PostgreSQL database, from every process. */
export async function listenConnections(database: Database): Promise<number> {
  const { rows } = await database.raw.executeSql(
    'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
    [APPLICATION_NAME.listen],
  );
  return rows[0]?.n as number;
}

/** Polls until the condition holds (jobs run asynchronously). */
export async function eventually<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A GET with its own Host header, as a browser on a public host would send (Node's client does not resolve
 * `*.localhost`). The body is gunzipped when the server compressed it.
 */
export function getByHost(
  server: TestServer,
  host: string,
  path = '/',
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' && raw.length ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Uploads a file of test/fixtures as the editor does (signed by the API, then PUT there); answers its address. */
export async function uploadFixture(client: Client, name: string, contentType: string): Promise<string> {
  const signed = await client.post('/api/uploads', { filename: name, content_type: contentType });
  const put = await fetch(signed.body.signedUrl, {
    method: 'PUT',
    body: readFileSync(join(import.meta.dirname, 'fixtures', name)),
    headers: { 'content-type': contentType },
  });
  if (put.status !== 200) throw new Error(`upload of ${name}: ${put.status}`);
  return signed.body.url;
}
