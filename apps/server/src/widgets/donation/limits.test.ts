import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '3' } });
});
afterAll(() => server.close());

describe('the per-IP action limit', () => {
  it('bounds guessing manage tokens and donation keys, then answers 429', async () => {
    const visitor = new Client(server.url);
    const guesses = [
      () => visitor.get(`/api/subscriptions/manage/${'A'.repeat(43)}`),
      () => visitor.post(`/api/subscriptions/manage/${'B'.repeat(43)}/cancel`),
      () => visitor.post('/api/donations/1/recurring', { key: 'x', amount: 1000 }),
    ];
    for (const guess of guesses) expect((await guess()).status).toBe(404);
    const limited = await visitor.put(`/api/subscriptions/manage/${'C'.repeat(43)}/process_at`, {
      process_at: '01/01/2031',
    });
    expect(limited.status).toBe(429);
    expect((await visitor.post('/api/mobilizations/1/donations', { donation: {} })).status).toBe(429);
  });
});
