import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

const TOKEN = 'scrape-token-0123456789';

let server: TestServer;
let plain: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  plain = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
});

const scrape = (base: string, authorization?: string) =>
  fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('answers a scraper bearing the token, in Prometheus text, one series per route pattern', async () => {
    for (const id of [1, 2, 3]) await fetch(`${server.url}/api/communities/${id}/metrics`);
    const res = await scrape(server.url, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // Three ids, one pattern: the count is 3 on a single series, and no path with an id is a label.
    const series = text
      .split('\n')
      .filter((line) => line.startsWith('http_request_duration_seconds_count') && line.includes('/metrics"'));
    expect(series).toEqual([
      'http_request_duration_seconds_count{method="GET",route="/api/communities/:id/metrics",status="4xx"} 3',
    ]);
    expect(text).not.toMatch(/route="\/api\/communities\/\d/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('gives anyone else nothing: no token, a wrong one, or no METRICS_TOKEN at all', async () => {
    for (const [base, authorization] of [
      [server.url, undefined],
      [server.url, `Bearer ${TOKEN}x`],
      [server.url, TOKEN],
      [plain.url, `Bearer ${TOKEN}`],
    ] as const) {
      const res = await scrape(base, authorization);
      const text = await res.text();
      expect(text, `${base} ${authorization}`).not.toContain('http_request_duration_seconds');
      expect(text).not.toContain('process_cpu');
    }
  });
});
