import { request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipient, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage, entryBody, PRESSURE_TARGETS, pressureSettings } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistPressures, donations, formEntries, idempotentRequests, twilioCalls } from '../db/schema';
import { sweepIdempotentRequests } from './idempotency';

/*
 * `Idempotency-Key` on every visitor action route (issue 35): a retry after a lost answer gets the first answer and
 * stores nothing twice, on the real routes and the real database.
 */

let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000', TELEPHONY_SANDBOX_STEP_MS: '5' } });
  visitor = new Client(server.url);
});
afterAll(() => server.close());

const VALUES = {
  'f-nome': 'Maria',
  'f-email': 'maria@example.org',
  'f-fone': '',
  'f-bairro': 'Boa Vista',
  'f-idade': '',
};
const entriesOf = async (widgetId: number) =>
  Number(
    (await server.ctx.db.select({ n: count() }).from(formEntries).where(eq(formEntries.widgetId, widgetId)))[0]?.n,
  );
let keys = 0;
const newKey = () => `test-${Date.now()}-${++keys}`;

/**
 * Sends the request and hangs up as soon as it is written, as a phone whose network drops does: the server goes on,
 * commits, and its answer reaches nobody.
 */
function sendAndDrop(path: string, body: unknown, key: string) {
  const { hostname, port } = new URL(server.url);
  const payload = JSON.stringify(body);
  return new Promise<void>((resolve) => {
    const req = httpRequest({
      host: hostname,
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'idempotency-key': key,
      },
    });
    req.on('error', () => resolve());
    req.end(payload, () => {
      req.destroy();
      resolve();
    });
  });
}

describe('Idempotency-Key on a form entry', () => {
  it('answers a repeated key with the first answer, marked as replayed, and stores one entry', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const key = { 'idempotency-key': newKey() };
    const first = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES), key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES), key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await entriesOf(form.id)).toBe(1);
    // Another key is another submission; no key at all is as before.
    const other = { 'idempotency-key': newKey() };
    expect(
      (await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES), other)).status,
    ).toBe(201);
    expect((await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES))).status).toBe(
      201,
    );
    expect(await entriesOf(form.id)).toBe(3);
  });

  it('stores the entry once when the answer was lost after the commit, and the retry gets it', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const key = newKey();
    const path = `/api/mobilizations/${page.id}/form_entries`;
    await sendAndDrop(path, entryBody(form.id, VALUES), key);
    // The server finished the request nobody was waiting for: the entry and its answer are stored.
    await eventually(async () => (await entriesOf(form.id)) === 1);
    await eventually(async () => {
      const [row] = await server.ctx.db
        .select({ status: idempotentRequests.status })
        .from(idempotentRequests)
        .where(eq(idempotentRequests.key, key));
      return row?.status === 201;
    });
    const retry = await visitor.post(path, entryBody(form.id, VALUES), { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toMatchObject({ form_entry: { widget_id: form.id }, form_entries_count: 1 });
    expect(await entriesOf(form.id)).toBe(1);
  });

  it('stores one entry when the same key arrives twice at once; the one that waits is told to retry', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const key = { 'idempotency-key': newKey() };
    const path = `/api/mobilizations/${page.id}/form_entries`;
    const answers = await Promise.all([1, 2, 3].map(() => visitor.post(path, entryBody(form.id, VALUES), key)));
    for (const answer of answers) {
      if (answer.status === 409) {
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(answer.body.errors).toEqual(['Este envio ainda está sendo processado. Tente de novo em instantes.']);
      } else expect(answer.status).toBe(201);
    }
    expect(await entriesOf(form.id)).toBe(1);
    const later = await visitor.post(path, entryBody(form.id, VALUES), key);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(await entriesOf(form.id)).toBe(1);
  });

  it('refuses the same key with another body, and a malformed key, naming the header, in the visitor language', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const path = `/api/mobilizations/${page.id}/form_entries`;
    const key = { 'idempotency-key': newKey() };
    expect((await visitor.post(path, entryBody(form.id, VALUES), key)).status).toBe(201);
    const reused = await visitor.post(path, entryBody(form.id, { ...VALUES, 'f-nome': 'Outra' }), key);
    expect(reused.status).toBe(422);
    expect(reused.body.errors['idempotency-key']).toEqual([
      'Esta chave de idempotência já foi usada em outro envio. Gere uma nova chave para cada envio.',
    ]);
    for (const bad of ['', ' ', 'x'.repeat(256), 'chave com espaço', 'ç']) {
      const res = await visitor.post(path, entryBody(form.id, VALUES), {
        'idempotency-key': bad,
        'accept-language': 'es',
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors['idempotency-key']).toEqual([
        'El encabezado Idempotency-Key debe tener de 1 a 255 caracteres ASCII visibles.',
      ]);
    }
    // The draft's structured-field form, a quoted string, is the same key.
    const quoted = newKey();
    const a = await visitor.post(path, entryBody(form.id, VALUES), { 'idempotency-key': `"${quoted}"` });
    const b = await visitor.post(path, entryBody(form.id, VALUES), { 'idempotency-key': quoted });
    expect(b.body).toEqual(a.body);
    expect(await entriesOf(form.id)).toBe(2);
  });

  it('frees the key of a refused submission: corrected, it goes through with the same key', async () => {
    const { page, form } = await createFormPage(server.ctx.db);
    const path = `/api/mobilizations/${page.id}/form_entries`;
    const key = { 'idempotency-key': newKey() };
    const refused = await visitor.post(path, entryBody(form.id, { ...VALUES, 'f-email': 'não é e-mail' }), key);
    expect(refused.status).toBe(422);
    const fixed = await visitor.post(path, entryBody(form.id, VALUES), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await entriesOf(form.id)).toBe(1);
  });

  it('keeps a key for a key per route: the same key on another widget is another action', async () => {
    const one = await createFormPage(server.ctx.db);
    const two = await createFormPage(server.ctx.db);
    const key = { 'idempotency-key': newKey() };
    await visitor.post(`/api/mobilizations/${one.page.id}/form_entries`, entryBody(one.form.id, VALUES), key);
    const res = await visitor.post(
      `/api/mobilizations/${two.page.id}/form_entries`,
      entryBody(two.form.id, VALUES),
      key,
    );
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect([await entriesOf(one.form.id), await entriesOf(two.form.id)]).toEqual([1, 1]);
  });

  it('forgets answers after a day', async () => {
    const key = newKey();
    await server.ctx.db.insert(idempotentRequests).values([
      {
        scope: 'POST /x',
        key,
        fingerprint: 'f',
        status: 201,
        body: '{}',
        createdAt: new Date(Date.now() - 25 * 3600_000),
      },
      { scope: 'POST /x', key: `${key}-new`, fingerprint: 'f', status: 201, body: '{}' },
    ]);
    await sweepIdempotentRequests(server.ctx.db);
    const left = await server.ctx.db
      .select({ key: idempotentRequests.key })
      .from(idempotentRequests)
      .where(eq(idempotentRequests.scope, 'POST /x'));
    expect(left).toEqual([{ key: `${key}-new` }]);
  });
});

describe('Idempotency-Key on the other action routes', () => {
  it('stores one e-mail pressure for a fill sent twice with one key', async () => {
    const { form: widget } = await createFormPage(server.ctx.db, { kind: 'pressure', settings: pressureSettings() });
    const fill = {
      fill: {
        activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org', city: 'Recife' },
        mail: { subject: 'Assunto', body: 'Texto da carta' },
      },
    };
    const key = { 'idempotency-key': newKey() };
    const first = await visitor.post(`/api/widgets/${widget.id}/fill`, fill, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await visitor.post(`/api/widgets/${widget.id}/fill`, fill, key);
    expect(again.body).toEqual(first.body);
    const [n] = await server.ctx.db
      .select({ n: count() })
      .from(activistPressures)
      .where(eq(activistPressures.widgetId, widget.id));
    expect(Number(n?.n)).toBe(1);
    expect(PRESSURE_TARGETS.length).toBeGreaterThan(0);
  });

  it('places one phone call for a call request sent twice with one key', async () => {
    const {
      form: widget,
      communityId,
      organiserEmail,
    } = await createFormPage(server.ctx.db, {
      kind: 'pressure-phone',
      settings: { call_to_action: 'Ligue', targets: ['Vereadora Ana <+5581999990000>'], finish_message_type: 'share' },
    });
    const admin = await signIn(server, organiserEmail);
    const twilio = {
      twilio_account_sid: `AC${'ab'.repeat(16)}`,
      twilio_auth_token: 'c3'.repeat(16),
      twilio_number: '+55 11 93333-0000',
    };
    expect((await admin.put(`/api/communities/${communityId}/twilio`, { twilio_configuration: twilio })).status).toBe(
      200,
    );
    const call = {
      call: {
        activist: {
          first_name: 'Iara',
          last_name: 'Monteiro',
          email: 'iara@example.org',
          phone_number: '5581988887777',
        },
        target: '+5581999990000',
      },
    };
    const key = { 'idempotency-key': newKey() };
    const first = await visitor.post(`/api/widgets/${widget.id}/call`, call, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await visitor.post(`/api/widgets/${widget.id}/call`, call, key);
    expect(again.body.twilio_call.id).toBe(first.body.twilio_call.id);
    const [n] = await server.ctx.db.select({ n: count() }).from(twilioCalls).where(eq(twilioCalls.widgetId, widget.id));
    expect(Number(n?.n)).toBe(1);
  });

  it('charges a donation once when its answer was lost, and the retry gets the first answer', async () => {
    const {
      page,
      form: widget,
      communityId,
    } = await createFormPage(server.ctx.db, {
      kind: 'donation',
      settings: donationSettings(),
    });
    await addRecipient(server.ctx.db, communityId);
    const body = donationBody(widget.id);
    const key = body.donation.attempt as string;
    const path = `/api/mobilizations/${page.id}/donations`;
    await sendAndDrop(path, body, key);
    const charged = () =>
      server.ctx.db
        .select({ id: donations.id, status: donations.status })
        .from(donations)
        .where(eq(donations.widgetId, widget.id));
    await eventually(async () => (await charged()).length === 1);
    const retry = await eventually(async () => {
      const res = await visitor.post(path, body, { 'idempotency-key': key });
      return res.status === 201 && res;
    });
    expect(retry.body.donation).toMatchObject({ status: 'paid' });
    const rows = await charged();
    expect(rows).toEqual([{ id: retry.body.donation.id, status: 'paid' }]);
  });
});
