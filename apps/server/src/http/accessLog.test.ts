import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { expect, it } from 'vitest';
import { registerAccessLog } from './accessLog';

it('writes no line per page view: writes get their line, everything else is counted in a summary', async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  const record = registerAccessLog(app, 'info', 60_000);
  app.get('/', async () => 'page');
  app.post('/api/things', async (_request, reply) => reply.status(201).send({}));
  for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/' });
  await app.inject({ method: 'GET', url: '/missing' });
  await app.inject({ method: 'POST', url: '/api/things?secret=1', payload: {} });
  // Pages answered from memory, before Fastify (public/routes.ts), are counted through the recorder.
  record('GET', 200, 0.1);
  record('GET', 304, 0.1);
  const completed = lines.filter((l) => l.msg === 'request completed');
  expect(completed).toEqual([expect.objectContaining({ method: 'POST', url: '/api/things', status: 201 })]);
  await app.close();
  const summary = lines.find((l) => l.msg === 'requests');
  expect(summary).toMatchObject({ total: 54, '2xx': 52, '3xx': 1, '4xx': 1, '5xx': 0, p50_ms: expect.any(Number) });
});
