import { renderMessage } from '@mutirao/core';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from './errors';
import { body, idParams, lenientInt, lenientString, registerTypedRoutes, typed } from './typed';

/** The plumbing alone, on a bare Fastify with the app's error handler: what each declared part answers. */
const app = Fastify();
const en = (key: string) => renderMessage('en', key);

beforeAll(async () => {
  registerErrorHandler(app);
  registerTypedRoutes(app);
  const r = typed(app);
  const thing = z.object({ name: z.string({ error: 'validation.required' }).min(1, 'validation.required') });
  r.put('/things/:id', { schema: { params: idParams, body: body(thing, { wrappedIn: 'thing' }) } }, (request) => ({
    id: request.params.id,
    name: request.body.name,
  }));
  r.post(
    '/flat-or-wrapped',
    { schema: { body: body(thing, { wrappedIn: 'user', wrapperOptional: true, status: 'bad_request' }) } },
    (request) => request.body,
  );
  const query = z.object({ page: lenientInt(1), q: lenientString });
  r.get('/search', { schema: { querystring: query } }, (request) => ({
    page: request.query.page === undefined ? 'absent' : request.query.page,
    q: request.query.q ?? null,
  }));
  await app.ready();
});
afterAll(() => app.close());

const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, payload: payload as object, headers: { 'accept-language': 'en' } });

describe('typed routes', () => {
  it('hands the handler the parsed path and the unwrapped body', async () => {
    const res = await send('PUT', '/things/7', { thing: { name: 'Ato' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, name: 'Ato' });
  });

  it('answers a path id that cannot exist with the 404 of a missing row', async () => {
    for (const id of ['0', '-1', 'abc', '2147483648', '1e3']) {
      const res = await send('PUT', `/things/${id}`, { thing: { name: 'Ato' } });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ errors: [en('errors.notFound')] });
    }
  });

  it('names a missing wrapper (400) and bad fields without the wrapper (422, or 400 where asked)', async () => {
    const missing = await send('PUT', '/things/7', { name: 'Ato' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { errors: { thing: [en('validation.required')] } }]);
    const bad = await send('PUT', '/things/7', { thing: { name: '' } });
    expect([bad.statusCode, bad.json()]).toEqual([422, { errors: { name: [en('validation.required')] } }]);
    const flatBad = await send('POST', '/flat-or-wrapped', { name: '' });
    expect([flatBad.statusCode, flatBad.json()]).toEqual([400, { errors: { name: [en('validation.required')] } }]);
  });

  it('takes an optional wrapper or the fields flat', async () => {
    expect((await send('POST', '/flat-or-wrapped', { user: { name: 'a' } })).json()).toEqual({ name: 'a' });
    expect((await send('POST', '/flat-or-wrapped', { name: 'b' })).json()).toEqual({ name: 'b' });
  });

  it('reads lenient query values without ever refusing them', async () => {
    expect((await send('GET', '/search?page=3&q=x')).json()).toEqual({ page: 3, q: 'x' });
    expect((await send('GET', '/search?page=0&q=x&q=y')).json()).toEqual({ page: null, q: null });
    expect((await send('GET', '/search')).json()).toEqual({ page: 'absent', q: null });
  });
});
