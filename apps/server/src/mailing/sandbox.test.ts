import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormPage, entryBody } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { subscriberHash } from './marketingApi';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000' } });
});
afterAll(() => server.close());

describe('the sandbox mailing driver (the default)', () => {
  it('records the calls a form entry makes, pages them, and refuses a key of zeros as Mailchimp refuses a bad one', async () => {
    const { page, form, communityId, organiserEmail } = await createFormPage(server.ctx.db);
    const organiser = await signIn(server, organiserEmail);
    const base = `/api/communities/${communityId}/mailchimp`;
    await organiser.put(base, { mailchimp: { mailchimp_api_key: `${'d4'.repeat(16)}-us5`, mailchimp_list_id: 'L1' } });
    const visitor = new Client(server.url);
    const sign = (email: string) =>
      visitor.post(
        `/api/mobilizations/${page.id}/form_entries`,
        entryBody(form.id, { 'f-nome': 'Rosa Flor', 'f-email': email, 'f-fone': '', 'f-bairro': '', 'f-idade': '' }),
      );
    expect((await sign('rosa@example.org')).status).toBe(201);
    const status = await eventually(async () => {
      const res = await organiser.get(base);
      return res.body.calls.some((c: { path: string }) => c.path.endsWith('/tags')) && res.body;
    });
    expect(status.sandbox).toBe(true);
    const paths = status.calls.map((c: { method: string; path: string }) => `${c.method} ${c.path}`).reverse();
    const hash = subscriberHash('rosa@example.org');
    expect(paths).toEqual([
      'GET /lists/L1/segments',
      'POST /lists/L1/segments',
      `PUT /lists/L1/members/${hash}`,
      `POST /lists/L1/members/${hash}/tags`,
    ]);
    expect(status.calls[0].body).toEqual({ tags: [{ name: `M${page.id}F`, status: 'active' }] });
    const first = await organiser.get(`${base}/calls?limit=2`);
    expect(first.body.calls).toHaveLength(2);
    const next = await organiser.get(`${base}/calls?limit=2&before=${first.body.calls[1].id}`);
    expect(next.body.calls.map((c: { path: string }) => c.path)).toEqual(['/lists/L1/segments', '/lists/L1/segments']);

    await organiser.put(base, { mailchimp: { mailchimp_api_key: `${'0'.repeat(32)}-us5`, mailchimp_list_id: 'L1' } });
    expect((await sign('cravo@example.org')).status).toBe(201);
    const paused = await eventually(async () => {
      const res = await organiser.get(base);
      return res.body.mailchimp.paused && res.body.mailchimp;
    });
    expect(paused).toMatchObject({ paused_reason: 'invalid_key', queue_size: 1 });
    const test = await organiser.post(`${base}/test`, {});
    expect(test.body).toMatchObject({ ok: false, error: { kind: 'auth', status: 401 } });
  });
});
