import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, type Metric, Registry } from 'prom-client';
import type { RecordAnswer } from './accessLog';

/** The route label of the public pages' fast path, which answers before Fastify routes anything. */
export const PUBLIC_PAGE_ROUTE = 'public page';

/** Seconds: from a cached page (about a millisecond) to a slow export's first bytes. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const statusClass = (status: number) => `${Math.min(5, Math.max(1, Math.floor(status / 100)))}xx`;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics for this process, when `METRICS_TOKEN` is set: `GET /metrics` in Prometheus's text format to a
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>` (anyone else gets the 404 an unknown path gets), with
 * the request durations by method, route pattern (never the path itself, so an id makes no new series) and status
 * class, Node's process metrics, and the `extra` metrics the domains keep (the anti-spam refusals). Each web process counts its own requests: scrape each one on its own port.
 * Answers the function the public pages' fast path calls for the answers Fastify never sees.
 */
export function registerMetrics(app: FastifyInstance, token: string, extra: Metric[] = []): RecordAnswer {
  const registry = new Registry();
  for (const metric of extra) registry.registerMetric(metric);
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const observe = (method: string, route: string, status: number, ms: number) =>
    durations.observe({ method, route, status: statusClass(status) }, ms / 1000);

  app.addHook('onResponse', async (request, reply) => {
    observe(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime);
  });
  app.get('/metrics', async (request, reply) => {
    const given = request.headers.authorization ?? '';
    if (!sameSecret(given, `Bearer ${token}`)) return reply.callNotFound();
    reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
    return registry.metrics();
  });
  return (method, status, ms) => observe(method, PUBLIC_PAGE_ROUTE, status, ms);
}
