import { parseTargets, translate } from '@mutirao/core';
import { and, asc, count, eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFormPage, PRESSURE_TARGETS, pressureSettings, THANK_YOU_SETTINGS } from '../../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { freePort, startSmtp, type TestSmtp } from '../../../test/smtp';
import { consentShown } from '../../activists/consent';
import {
  activistConsents,
  activistPressures,
  activists,
  blocks,
  mobilizations,
  outbox,
  widgets,
} from '../../db/schema';
import { createCommunity, createUser } from '../../seed/factories';
import { pressureWriter, submitPressure } from './submit';

const TARGETS = PRESSURE_TARGETS;
const FILL = {
  activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org', city: 'Recife' },
  mail: { subject: 'Tarifa zero já', body: 'Por favor, aprovem.' },
};

let smtp: TestSmtp;
let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  smtp = await startSmtp(0, { rejectTo: /^nobody@/ });
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ACTION_MAX_PER_IP: '100000' } });
  visitor = new Client(server.url);
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A published page with an e-mail pressure, and the page's version once made (what a fill is checked at). */
async function pressurePage(settings = pressureSettings(), extra: Parameters<typeof createFormPage>[1] = {}) {
  const made = await createFormPage(server.ctx.db, { kind: 'pressure', settings, ...extra });
  const [page] = await server.ctx.db
    .select({ version: mobilizations.cacheVersion })
    .from(mobilizations)
    .where(eq(mobilizations.id, made.page.id));
  return { ...made, version: Number(page?.version) };
}
const fill = (widgetId: number, body: unknown) => visitor.post(`/api/widgets/${widgetId}/fill`, body);
/** A fill as the route hands it on once checked, from the visitor `email`. */
const checkedFill = (
  {
    form,
    page,
    communityId,
    version,
  }: Pick<Awaited<ReturnType<typeof pressurePage>>, 'form' | 'page' | 'communityId' | 'version'>,
  email: string,
): Parameters<typeof submitPressure>[1] => ({
  mobilizationId: page.id,
  pageVersion: version,
  communityId,
  widget: form,
  targets: parseTargets(form.settings.targets),
  fill: { ...FILL, activist: { ...FILL.activist, email } },
  locale: 'pt-BR',
  baseUrl: 'http://localhost:3000',
  consent: consentShown(server.ctx.config, page),
});
const stored = async (widgetId: number) => {
  const [pressures] = await server.ctx.db
    .select({ n: count() })
    .from(activistPressures)
    .where(eq(activistPressures.widgetId, widgetId));
  const [mails] = await server.ctx.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.widgetId, widgetId), eq(outbox.kind, 'pressure-target')));
  return { pressures: Number(pressures?.n), mails: Number(mails?.n) };
};

describe('POST /api/widgets/:id/fill', () => {
  it('stores the pressure, the activist and one e-mail per target before answering; each target gets one', async () => {
    const { form: widget, communityId } = await pressurePage(pressureSettings(THANK_YOU_SETTINGS));
    const res = await fill(widget.id, { fill: FILL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ activist_pressure: { widget_id: widget.id }, count: 1 });
    expect(await stored(widget.id)).toEqual({ pressures: 1, mails: 2 });
    const [activist] = await server.ctx.db.select().from(activists).where(eq(activists.communityId, communityId));
    expect(activist).toMatchObject({
      email: 'iara@example.org',
      firstName: 'Iara',
      lastName: 'Monteiro',
      city: 'Recife',
    });
    const consents = await server.ctx.db
      .select()
      .from(activistConsents)
      .where(eq(activistConsents.activistId, Number(activist?.id)));
    expect(consents).toEqual([
      expect.objectContaining({
        source: 'activist_pressures',
        actionId: res.body.activist_pressure.id,
        text: translate('pt-BR', 'formView.consent'),
      }),
    ]);
    for (const to of ['ana@camara.example.org', 'beto@camara.example.org']) {
      const mail = await eventually(async () => smtp.received.find((m) => m.to.includes(to)));
      // From the platform under the visitor's name; replies go to the visitor, whose address is never forged.
      expect(mail.raw).toMatch(/^From: Iara Monteiro <nao-responda@mutirao\.local>$/m);
      expect(mail.raw).toMatch(/^Reply-To: iara@example\.org$/m);
      expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?Q\?Tarifa_zero_j=C3=A1\?=$/m);
      expect(mail.raw).toContain('Por favor, aprovem.');
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    }
    // The thank-you e-mail reaches the visitor too.
    await eventually(async () => smtp.received.find((m) => m.to.includes('iara@example.org')));
  });

  it('writes a fill in one statement with no transaction around it, its messages keyed by the pressure', async () => {
    const { form: widget, page, communityId, version } = await pressurePage(pressureSettings(THANK_YOU_SETTINGS));
    // What reaches the engine itself: on PGlite its own calls, on PostgreSQL the pool's. A transaction would take a
    // client of its own (PGlite's `transaction`, the pool's `connect` beyond those its own queries make) and send its
    // statements through it. Background work (the job queue, the relay, the sweeps) shares the engine meanwhile, so
    // only the statements that write the pressure are counted.
    const pglite = server.ctx.database.pglite;
    const pool = (server.ctx.db as unknown as { $client: pg.Pool }).$client;
    const statements = pglite ? vi.spyOn(pglite, 'query') : vi.spyOn(pool, 'query');
    const clients = pglite ? vi.spyOn(pglite, 'transaction') : vi.spyOn(pool, 'connect');
    const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : String((arg as { text?: string })?.text));
    let written: Awaited<ReturnType<typeof submitPressure>>;
    try {
      written = await submitPressure(
        server.ctx,
        checkedFill({ form: widget, page, communityId, version }, 'one-statement@example.org'),
      );
      expect(statements.mock.calls.filter(([arg]) => textOf(arg).includes('activist_pressures'))).toHaveLength(1);
      // On PostgreSQL each pooled query takes its client through `connect`: any more would be a transaction's.
      expect(clients).toHaveBeenCalledTimes(pglite ? 0 : statements.mock.calls.length);
    } finally {
      statements.mockRestore();
      clients.mockRestore();
    }
    expect(written.count).toBe(1);
    const mails = await server.ctx.db
      .select({ key: outbox.idempotencyKey, kind: outbox.kind, to: outbox.toAddress })
      .from(outbox)
      .where(eq(outbox.communityId, communityId))
      .orderBy(asc(outbox.id));
    const id = written.pressure.id;
    expect(mails).toEqual([
      { key: `pressure-${id}-to-ana@camara.example.org`, kind: 'pressure-target', to: 'ana@camara.example.org' },
      { key: `pressure-${id}-to-beto@camara.example.org`, kind: 'pressure-target', to: 'beto@camara.example.org' },
      { key: `pressure-${id}-thank-you`, kind: 'pressure-thank-you', to: 'one-statement@example.org' },
    ]);
    const [consent] = await server.ctx.db
      .select({ actionId: activistConsents.actionId, source: activistConsents.source })
      .from(activistConsents)
      .where(eq(activistConsents.actionId, id));
    expect(consent).toEqual({ actionId: id, source: 'activist_pressures' });
  });

  it('writes the fills that arrive together in one statement, each with its own pressure, count and messages', async () => {
    const made = await pressurePage();
    const writer = pressureWriter(server.ctx.database, server.ctx.config.formEntryWriters);
    const before = { ...writer.stats };
    const emails = Array.from({ length: 20 }, (_, i) => `junto-${i}@example.org`);
    const written = await Promise.all(emails.map((email) => submitPressure(server.ctx, checkedFill(made, email))));
    expect(writer.stats.batches - before.batches).toBe(1);
    expect(writer.stats.rows - before.rows).toBe(20);
    // Each answer's count includes its own pressure and those before it in the batch.
    expect(written.map((w) => w.count)).toEqual(emails.map((_, i) => i + 1));
    const rows = await server.ctx.db
      .select({ id: activistPressures.id, email: activists.email })
      .from(activistPressures)
      .innerJoin(activists, eq(activists.id, activistPressures.activistId))
      .where(eq(activistPressures.widgetId, made.form.id));
    expect(new Map(rows.map((r) => [r.id, r.email]))).toEqual(
      new Map(written.map((w, i) => [w.pressure.id, emails[i]])),
    );
    const keys = await server.ctx.db
      .select({ key: outbox.idempotencyKey })
      .from(outbox)
      .where(eq(outbox.widgetId, made.form.id));
    expect(keys.map((k) => k.key).sort()).toEqual(
      written.flatMap((w) => TARGETS.map((t) => `pressure-${w.pressure.id}-to-${/<(.+)>/.exec(t)?.[1]}`)).sort(),
    );
    const consents = await server.ctx.db
      .select({ actionId: activistConsents.actionId })
      .from(activistConsents)
      .where(and(eq(activistConsents.source, 'activist_pressures'), eq(activistConsents.widgetId, made.form.id)));
    expect(consents.map((c) => c.actionId).sort((a, b) => a - b)).toEqual(
      written.map((w) => w.pressure.id).sort((a, b) => a - b),
    );
  });

  it('puts the same person twice in different batches, counting both actions', async () => {
    const made = await pressurePage();
    const writer = pressureWriter(server.ctx.database, server.ctx.config.formEntryWriters);
    const before = writer.stats.batches;
    const written = await Promise.all(
      ['Dobro@example.org', 'dobro@example.org', 'outra@example.org'].map((email) =>
        submitPressure(server.ctx, checkedFill(made, email)),
      ),
    );
    expect(new Set(written.map((w) => w.pressure.id)).size).toBe(3);
    expect(writer.stats.batches - before).toBe(2);
    const people = await server.ctx.db.select().from(activists).where(eq(activists.communityId, made.communityId));
    expect(people.map((p) => [p.email.toLowerCase(), p.actionsCount]).sort()).toEqual([
      ['dobro@example.org', 2],
      ['outra@example.org', 1],
    ]);
  });

  it('answers every spec message in the caller language and stores nothing', async () => {
    const { form: widget } = await pressurePage();
    const res = await fill(widget.id, {
      fill: {
        activist: { firstname: ' ', lastname: '', email: 'ana@camara.example.org' },
        mail: { subject: '', body: '' },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      firstname: ['Informe seu nome'],
      lastname: ['Informe seu sobrenome'],
      city: ['Informe sua cidade'],
      email: ['O e-mail que você está tentando usar é de um dos alvos da mobilização.'],
      subject: ['Insira o assunto do e-mail'],
      body: ['Insira o texto do e-mail'],
    });
    const bad = await fill(widget.id, { fill: { ...FILL, activist: { ...FILL.activist, email: 'iara@' } } });
    expect(bad.body.errors).toEqual({ email: ['E-mail inválido'] });
    const spanish = await visitor.post(
      `/api/widgets/${widget.id}/fill`,
      { fill: { ...FILL, activist: { ...FILL.activist, email: '' } } },
      {
        'accept-language': 'es',
      },
    );
    expect(spanish.body.errors).toEqual({ email: ['Escribe tu correo electrónico'] });
    expect(await stored(widget.id)).toEqual({ pressures: 0, mails: 0 });
  });

  it('refuses a field the fill does not have with a 400 that names it, in the visitor language, storing nothing', async () => {
    const { form: widget } = await pressurePage(pressureSettings(THANK_YOU_SETTINGS));
    const phone = await fill(widget.id, { fill: { ...FILL, activist: { ...FILL.activist, phone: '81999990000' } } });
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toEqual({ 'activist.phone': ['O campo activist.phone não existe aqui; nada foi salvo'] });
    const spanish = await visitor.post(
      `/api/widgets/${widget.id}/fill`,
      { fill: { ...FILL, targets: ['outro@example.org'] } },
      { 'accept-language': 'es' },
    );
    expect(spanish.status).toBe(400);
    expect(spanish.body.errors).toEqual({ targets: ['El campo targets no existe aquí; no se guardó nada'] });
    expect(await stored(widget.id)).toEqual({ pressures: 0, mails: 0 });
  });

  it('sends the organiser letter when the visitor may not edit it', async () => {
    const { form: widget } = await pressurePage(pressureSettings({ disable_edit_field: 's' }));
    const res = await fill(widget.id, { fill: { ...FILL, mail: { subject: 'Outro', body: 'Texto do visitante' } } });
    expect(res.status).toBe(201);
    const [row] = await server.ctx.db.select().from(activistPressures).where(eq(activistPressures.widgetId, widget.id));
    expect(row?.mail).toMatchObject({ subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' });
  });

  it('refuses a form widget, an unpublished page, malformed input and a honeypot, storing nothing', async () => {
    const { form } = await createFormPage(server.ctx.db);
    expect((await fill(form.id, { fill: FILL })).status).toBe(422);
    const { form: archived } = await pressurePage(pressureSettings(), { status: 'archived' });
    expect((await fill(archived.id, { fill: FILL })).status).toBe(404);
    const { form: widget } = await pressurePage();
    expect((await fill(widget.id, { nothing: true })).status).toBe(400);
    expect((await fill(widget.id, { fill: { activist: 'x', mail: [] } })).status).toBe(422);
    expect((await fill(widget.id, { fill: FILL, website: 'http://spam.example' })).status).toBe(422);
    expect((await fill(999_999, { fill: FILL })).status).toBe(404);
    expect(await stored(widget.id)).toEqual({ pressures: 0, mails: 0 });
  });
});

describe('the published widget kept in memory (issue 18)', () => {
  // Each widget takes one fill first, so the route holds it; the edit is made straight in the database, as another
  // process would, with no notice to this one: the next fill must still see it.
  const first = async (settings = pressureSettings()) => {
    const made = await pressurePage(settings);
    expect((await fill(made.form.id, { fill: FILL })).status).toBe(201);
    return made;
  };

  it('looks the widget up once: the next fill sends no query for it', async () => {
    const made = await first();
    const pglite = server.ctx.database.pglite;
    const pool = (server.ctx.db as unknown as { $client: pg.Pool }).$client;
    const statements = pglite ? vi.spyOn(pglite, 'query') : vi.spyOn(pool, 'query');
    const textOf = (arg: unknown) => (typeof arg === 'string' ? arg : String((arg as { text?: string })?.text));
    try {
      expect((await fill(made.form.id, { fill: FILL })).status).toBe(201);
      const sent = statements.mock.calls.map(([arg]) => textOf(arg));
      expect(sent.filter((text) => text.includes('activist_pressures'))).toHaveLength(1);
      expect(sent.filter((text) => /from "widgets"/.test(text))).toEqual([]);
    } finally {
      statements.mockRestore();
    }
    expect(await stored(made.form.id)).toEqual({ pressures: 2, mails: 4 });
  });

  it('sees an unpublished, deleted or hidden page, or a deleted widget, on the next fill', async () => {
    const db = server.ctx.db;
    const archived = await first();
    await db.update(mobilizations).set({ status: 'archived' }).where(eq(mobilizations.id, archived.page.id));
    const gone = await fill(archived.form.id, { fill: FILL });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ errors: ['Este formulário não existe ou não está mais publicado.'] });

    const deleted = await first();
    await db.update(mobilizations).set({ deletedAt: new Date() }).where(eq(mobilizations.id, deleted.page.id));
    expect((await fill(deleted.form.id, { fill: FILL })).status).toBe(404);

    const hidden = await first();
    await db.update(blocks).set({ hidden: true }).where(eq(blocks.id, hidden.form.blockId));
    expect((await fill(hidden.form.id, { fill: FILL })).status).toBe(404);

    const removed = await first();
    await db.update(widgets).set({ deletedAt: new Date() }).where(eq(widgets.id, removed.form.id));
    expect((await fill(removed.form.id, { fill: FILL })).status).toBe(404);

    for (const made of [archived, deleted, hidden, removed])
      expect(await stored(made.form.id)).toEqual({ pressures: 1, mails: 2 });
  });

  it('checks the next fill against the widget as edited, and writes it to the targets and letter as they are now', async () => {
    const db = server.ctx.db;
    const made = await first();
    const edit = (extra: Record<string, unknown>) =>
      db
        .update(widgets)
        .set({ settings: pressureSettings({ targets: ['Vereadora Cida <cida@camara.example.org>'], ...extra }) })
        .where(eq(widgets.id, made.form.id));
    const noCity = { activist: { ...FILL.activist, city: '' }, mail: { subject: 'Outro', body: 'Do visitante' } };
    // No city asked for any more, one target, and the organiser's letter: the kept copy refuses a fill without a
    // city, so the refusal is made again on the widget as it is now, which takes it.
    await edit({ show_city: 'city-false', disable_edit_field: 's' });
    const res = await fill(made.form.id, { fill: noCity });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await db
      .select()
      .from(activistPressures)
      .where(eq(activistPressures.id, res.body.activist_pressure.id));
    expect(row?.targets).toEqual(['Vereadora Cida <cida@camara.example.org>']);
    expect(row?.mail).toMatchObject({ subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' });
    // The city asked for again: the kept copy would take the same fill, but its write names the page's old version
    // and stops, and the widget as it is now refuses it.
    await edit({ show_city: 'city-true', disable_edit_field: 's' });
    const refused = await fill(made.form.id, { fill: noCity });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('city');
    expect(await stored(made.form.id)).toEqual({ pressures: 2, mails: 3 });
  });
});

describe('the delivery view', () => {
  it('shows per target what went out and what bounced, to the page community only', async () => {
    const settings = pressureSettings({ targets: [...TARGETS, 'Ninguém <nobody@camara.example.org>'] });
    const { page, form: widget, organiserEmail } = await pressurePage(settings);
    expect((await fill(widget.id, { fill: FILL })).status).toBe(201);
    const organiser = await signIn(server, organiserEmail, 'password123');
    const path = `/api/mobilizations/${page.id}/widgets/${widget.id}/deliveries`;
    const deliveries = await eventually(async () => {
      const res = await organiser.get(path);
      const rows = res.body as { address: string; sent: number; bounced: number; queued: number }[];
      return rows.every((r) => r.queued === 0) && rows;
    });
    expect(deliveries).toEqual([
      expect.objectContaining({ address: 'ana@camara.example.org', sent: 1, failed: 0, bounced: 0 }),
      expect.objectContaining({ address: 'beto@camara.example.org', sent: 1, failed: 0, bounced: 0 }),
      expect.objectContaining({ address: 'nobody@camara.example.org', sent: 0, failed: 0, bounced: 1 }),
    ]);
    // Another community's organiser, or nobody, gets nothing.
    const other = await createUser(server.ctx.db, { email: 'pressure-other@example.org' });
    await createCommunity(server.ctx.db, { name: 'Outra', ownerId: other.id });
    const stranger = await signIn(server, 'pressure-other@example.org', 'password123');
    expect((await stranger.get(path)).status).toBe(404);
    expect((await new Client(server.url).get(path)).status).toBe(401);
  });
});

describe('when the SMTP server is down', () => {
  let port: number;
  let down: TestServer;
  let late: TestSmtp | undefined;
  beforeAll(async () => {
    port = await freePort();
    down = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_DELAY_SECONDS: '1' } });
  });
  afterAll(async () => {
    await down.close();
    await late?.close();
  });

  it('accepts the pressure, then every target gets its e-mail once the server returns, exactly once', async () => {
    const { form: widget } = await createFormPage(down.ctx.db, { kind: 'pressure', settings: pressureSettings() });
    const res = await new Client(down.url).post(`/api/widgets/${widget.id}/fill`, { fill: FILL });
    expect(res.status).toBe(201);
    const rows = () => down.ctx.db.select().from(outbox).where(eq(outbox.widgetId, widget.id));
    await eventually(async () => (await rows()).every((m) => m.status === 'failed') || undefined);
    late = await startSmtp(port);
    const arrived = (to: string) => late?.received.filter((m) => m.to.includes(to)).length ?? 0;
    await eventually(
      async () => arrived('ana@camara.example.org') > 0 && arrived('beto@camara.example.org') > 0,
      30_000,
    );
    await eventually(async () => (await rows()).every((m) => m.status === 'sent') || undefined);
    // Later retries and the minute sweep must not send either again.
    await new Promise((r) => setTimeout(r, 3000));
    expect([arrived('ana@camara.example.org'), arrived('beto@camara.example.org')]).toEqual([1, 1]);
  }, 60_000);
});
