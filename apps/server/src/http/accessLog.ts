import type { FastifyInstance } from 'fastify';
import { Summary } from 'prom-client';

/** Counts one answer in the summary: what the public pages' fast path calls, since Fastify never sees those. */
export type RecordAnswer = (method: string, status: number, ms: number) => void;

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
  // The minute's percentiles, by prom-client's t-digest (kept apart from the `/metrics` registry).
  const durations = new Summary({
    name: 'access_log_ms',
    help: 'the access log summary',
    percentiles: [0.5, 0.99],
    registers: [],
  });

  const record: RecordAnswer = (_method, status, ms) => {
    counts.total += 1;
    counts[STATUS_CLASS[Math.min(5, Math.max(2, Math.floor(status / 100)))] ?? '5xx'] += 1;
    durations.observe(ms);
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

  const flush = async () => {
    if (!counts.total) return;
    const summed = counts;
    counts = { total: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const { values } = await durations.get();
    durations.reset();
    const at = (q: number) => Math.round(values.find((v) => v.labels.quantile === q)?.value ?? 0);
    app.log.info({ ...summed, p50_ms: at(0.5), p99_ms: at(0.99), window_s: intervalMs / 1000 }, 'requests');
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
  return record;
}
