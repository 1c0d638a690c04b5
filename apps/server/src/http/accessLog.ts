import type { FastifyInstance } from 'fastify';

/** Counts one answer in the summary: what the public pages' fast path calls, since Fastify never sees those. */
export type RecordAnswer = (method: string, status: number, ms: number) => void;

/** How many request durations a minute's summary keeps to compute its percentiles (a uniform sample past this). */
const SAMPLE = 10_000;

/** The summary's key for each hundred of status codes: below 200 counts as 2xx, above 599 as 5xx. */
const STATUS_CLASS = ['2xx', '2xx', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * The access log without a line per request. A line per visitor on a public page costs the serving process a
 * synchronous write per request, and at thousands of requests a second says nothing a count would not. So every
 * request is counted in a summary written once a minute (requests by status class, p50 and p99 in milliseconds),
 * and only writes (anything but GET, HEAD and OPTIONS) get their own line, at info, as before. At `LOG_LEVEL=debug`
 * every request gets its line again. Server errors are logged where they happen (`http/errors.ts`).
 */
export function registerAccessLog(app: FastifyInstance, level: string, intervalMs = 60_000): RecordAnswer {
  const debug = level === 'debug' || level === 'trace';
  let counts = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  let durations: number[] = [];

  const record: RecordAnswer = (_method, status, ms) => {
    counts.total += 1;
    counts[STATUS_CLASS[Math.min(5, Math.max(2, Math.floor(status / 100)))] ?? '5xx'] += 1;
    if (durations.length < SAMPLE) durations.push(ms);
    else {
      const slot = Math.floor(Math.random() * counts.total);
      if (slot < SAMPLE) durations[slot] = ms;
    }
  };

  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    record(request.method, status, ms);
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
    if (write || debug) {
      request.log[write ? 'info' : 'debug'](
        { method: request.method, url: request.url.split('?')[0], status, ms: Math.round(ms) },
        'request completed',
      );
    }
  });

  const flush = () => {
    if (!counts.total) return;
    const sorted = durations.sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    app.log.info({ ...counts, p50_ms: at(0.5), p99_ms: at(0.99), window_s: intervalMs / 1000 }, 'requests');
    counts = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    durations = [];
  };
  const timer = setInterval(flush, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flush();
  });
  return record;
}
