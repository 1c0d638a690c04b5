import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS } from '../../test/formPage';
import {
  Client,
  eventually,
  freshDatabase,
  getByHost,
  signIn,
  startSecondProcess,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { buildApp } from '../app';
import { closeContext, createContext } from '../bootstrap';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationsFolder } from '../db/migrate';
import { formEntries, mobilizationRevisions, mobilizations, outbox, widgets } from '../db/schema';
import { draftSnapshot } from '../pages/published';
import { createCommunity, createUser } from '../seed/factories';
import { dueSchedules, runSchedule } from './service';

let server: TestServer;
let visitor: Client;
let stranger: Client;

beforeAll(async () => {
  server = await startTestServer({ env: { ACTION_MAX_PER_IP: '100000' } });
  visitor = new Client(server.url);
  const other = await createUser(server.ctx.db, { email: 'publishing-stranger@example.org' });
  await createCommunity(server.ctx.db, { name: 'Outra comunidade', ownerId: other.id });
  stranger = await signIn(server, 'publishing-stranger@example.org');
});
afterAll(() => server.close());

/** A page with a form, its organiser signed in, and its public address. */
async function page(options: Parameters<typeof createFormPage>[1] = {}) {
  const made = await createFormPage(server.ctx.db, options);
  const organiser = await signIn(server, made.organiserEmail);
  const html = async () => (await getByHost(server, `${made.page.slug}.localhost`, '/')).body.toString('utf8');
  return { ...made, organiser, html };
}

/** A visitor's sign-up on the page's form, every field of the test form sent. */
const submit = (pageId: number, widgetId: number, email: string) =>
  visitor.post(
    `/api/mobilizations/${pageId}/form_entries`,
    entryBody(widgetId, { 'f-nome': 'Ana Souza', 'f-email': email, 'f-fone': '', 'f-bairro': '', 'f-idade': '' }),
  );

/** A launched page whose draft then got settings a later rule or old data made invalid (an over-long button). */
async function launchedWithInvalidWidget() {
  const p = await page();
  await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
  await server.ctx.db
    .update(widgets)
    .set({ settings: formSettings(TEST_FIELDS, { button_text: 'x'.repeat(500) }) })
    .where(eq(widgets.id, p.form.id));
  return p;
}

async function entriesOf(widgetId: number) {
  return server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, widgetId));
}

describe('drafts (issue 34)', () => {
  it('before launch, edits show at once and there is nothing to publish', async () => {
    const p = await page();
    const draft = await p.organiser.get(`/api/mobilizations/${p.page.id}/draft`);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ launched: false, has_changes: false, changes: [], published_revision: null });
    await p.organiser.put(`/api/mobilizations/${p.page.id}/widgets/${p.form.id}`, {
      widget: { settings: formSettings(TEST_FIELDS, { call_to_action: 'Assine já' }) },
    });
    expect(await p.html()).toContain('Assine já');
  });

  it('once launched, visitors keep the published version until the organiser publishes', async () => {
    const p = await page();
    const launched = await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect(launched.status).toBe(200);
    expect(launched.body).toMatchObject({ launched: true, has_changes: false, published_revision: { number: 1 } });

    const saved = await p.organiser.put(`/api/mobilizations/${p.page.id}/widgets/${p.form.id}`, {
      widget: { settings: formSettings(TEST_FIELDS, { call_to_action: 'Texto do rascunho' }) },
    });
    expect(saved.status).toBe(200);
    const block = await p.organiser.post(`/api/mobilizations/${p.page.id}/blocks`, {
      block: { name: 'Novo bloco', widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12 }] },
    });
    expect(block.status).toBe(200);
    expect(await p.html()).toContain('Participe');
    expect(await p.html()).not.toContain('Texto do rascunho');
    expect(await p.html()).not.toContain('Novo bloco');

    const draft = (await p.organiser.get(`/api/mobilizations/${p.page.id}/draft`)).body;
    expect(draft.has_changes).toBe(true);
    expect(draft.changes).toEqual([
      { type: 'block_added', block_id: block.body.id, block_name: 'Novo bloco' },
      {
        type: 'widget_changed',
        widget_id: p.form.id,
        block_id: p.form.blockId,
        block_name: 'Form',
        kind: 'form',
        fields: ['call_to_action'],
      },
    ]);

    const published = await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect(published.body).toMatchObject({ has_changes: false, published_revision: { number: 2 } });
    expect(published.body.published_revision.changes).toHaveLength(2);
    expect(published.body.published_revision.published_by.name).toBeTruthy();
    expect(await p.html()).toContain('Texto do rascunho');
    expect(await p.html()).toContain('Novo bloco');

    // Publishing again with nothing changed makes no revision.
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    const list = await p.organiser.get(`/api/mobilizations/${p.page.id}/revisions`);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect(list.body.map((r: { number: number }) => r.number)).toEqual([2, 1]);
  });

  it('checks a visitor action against the published widget, not the draft', async () => {
    const p = await page();
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    // The draft removes the form's block: visitors still see it and may still sign.
    const blocks = (await p.organiser.get(`/api/mobilizations/${p.page.id}/blocks`)).body as {
      id: number;
      name: string;
    }[];
    const formBlock = blocks.find((b) => b.name === 'Form');
    expect((await p.organiser.request('DELETE', `/api/blocks/${formBlock?.id}`)).status).toBe(204);
    expect((await submit(p.page.id, p.form.id, 'ana@example.org')).status).toBe(201);
    expect(await entriesOf(p.form.id)).toHaveLength(1);

    // A widget only the draft has is not there for visitors.
    const added = await p.organiser.post(`/api/mobilizations/${p.page.id}/blocks`, {
      block: {
        name: 'Só no rascunho',
        widgets_attributes: [{ sm_size: 12, md_size: 12, lg_size: 12, kind: 'form', settings: formSettings() }],
      },
    });
    const draftOnly = added.body.widgets[0].id as number;
    expect((await submit(p.page.id, draftOnly, 'bia@example.org')).status).toBe(404);

    // Once published, the removed form is gone for visitors, and the new one takes entries.
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect((await submit(p.page.id, p.form.id, 'caio@example.org')).status).toBe(404);
    expect((await submit(p.page.id, draftOnly, 'bia@example.org')).status).toBe(201);
  });

  it('restores a revision into the draft, bringing back a removed widget with its entries', async () => {
    const p = await page();
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect((await submit(p.page.id, p.form.id, 'dani@example.org')).status).toBe(201);
    const blocks = (await p.organiser.get(`/api/mobilizations/${p.page.id}/blocks`)).body as {
      id: number;
      name: string;
    }[];
    const formBlock = blocks.find((b) => b.name === 'Form');
    await p.organiser.request('DELETE', `/api/blocks/${formBlock?.id}`);
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect(await p.html()).not.toContain('Participe');

    const detail = await p.organiser.get(`/api/mobilizations/${p.page.id}/revisions/1`);
    expect(detail.status).toBe(200);
    expect(detail.body.live).toBe(false);
    expect(detail.body.blocks.map((b: { name: string }) => b.name)).toEqual(['Topo', 'Form']);
    expect(detail.body.changes_to_draft).toEqual([
      { type: 'block_removed', block_id: formBlock?.id, block_name: 'Form' },
    ]);

    const restored = await p.organiser.post(`/api/mobilizations/${p.page.id}/revisions/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ has_changes: true, restored_from: 1 });
    // Visitors still see revision 2 until the organiser publishes.
    expect(await p.html()).not.toContain('Participe');
    const [row] = await server.ctx.db.select().from(widgets).where(eq(widgets.id, p.form.id));
    expect(row?.deletedAt).toBeNull();
    expect(await entriesOf(p.form.id)).toHaveLength(1);

    const published = await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    expect(published.body.published_revision).toMatchObject({ number: 3, restored_from: 1 });
    expect(await p.html()).toContain('Participe');
    expect((await submit(p.page.id, p.form.id, 'edu@example.org')).status).toBe(201);
    expect(await entriesOf(p.form.id)).toHaveLength(2);
  });

  it('refuses to publish a draft with an invalid widget, naming it, and publishes nothing', async () => {
    const p = await launchedWithInvalidWidget();
    const refused = await p.organiser.post(
      `/api/mobilizations/${p.page.id}/publish`,
      {},
      { 'accept-language': 'pt-BR' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors.base).toEqual(['Há widgets com ajustes inválidos. Corrija-os antes de publicar.']);
    expect(Object.keys(refused.body.errors)).toContain(`widgets.${p.form.id}.settings.button_text`);
    const revisions = await server.ctx.db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, p.page.id));
    expect(revisions).toHaveLength(1);
  });

  it("gives another community's organiser nothing, on every route", async () => {
    const p = await page();
    await p.organiser.post(`/api/mobilizations/${p.page.id}/publish`, {});
    const base = `/api/mobilizations/${p.page.id}`;
    const calls: [string, string, unknown?][] = [
      ['GET', `${base}/draft`],
      ['POST', `${base}/publish`, {}],
      ['GET', `${base}/revisions`],
      ['GET', `${base}/revisions/1`],
      ['POST', `${base}/revisions/1/restore`, {}],
      ['PUT', `${base}/schedule`, { publish_at: null }],
      ['DELETE', `${base}/schedule/failure`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await stranger.request(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Form');
      expect((await visitor.request(method, path, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    expect((await p.organiser.get(`${base}/revisions/9`)).status).toBe(404);
  });
});

describe('migration 0036 on pages launched before it (issue 34)', () => {
  /** The migration's backfill statements, as they ran on upgrade. */
  const backfill = () =>
    readFileSync(join(migrationsFolder(), '0036_drafts_revisions.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /-- Backfill|published_revision_id = r\.id/.test(statement));

  it('publishes each launched page as it is, and leaves the others to publish at their launch', async () => {
    const { db } = server.ctx;
    const launched = await page();
    const building = await page();
    await db
      .update(mobilizations)
      .set({
        customDomain: `www.${launched.page.slug}.example.org`,
        facebookShareTitle: 'Título',
        facebookShareDescription: 'Descrição',
        twitterShareText: 'Tuíte',
      })
      .where(eq(mobilizations.id, launched.page.id));
    const before = await draftSnapshot(db, launched.page.id);
    const statements = backfill();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await db.execute(sql.raw(statement));

    const [row] = await db.select().from(mobilizations).where(eq(mobilizations.id, launched.page.id));
    const [revision] = await db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, launched.page.id));
    expect(row?.publishedRevisionId).toBe(revision?.id);
    expect(revision?.content).toEqual(before);
    const draft = await launched.organiser.get(`/api/mobilizations/${launched.page.id}/draft`);
    expect(draft.body).toMatchObject({ launched: true, has_changes: false });
    expect(await launched.html()).toContain('Participe');
    const [other] = await db.select().from(mobilizations).where(eq(mobilizations.id, building.page.id));
    expect(other?.publishedRevisionId).toBeNull();
    // Run again (a second start), it changes nothing.
    for (const statement of statements) await db.execute(sql.raw(statement));
    const revisions = await db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, launched.page.id));
    expect(revisions).toHaveLength(1);
  });
});

describe('drafts on the GraphQL API (issue 34)', () => {
  it("publishes, lists, restores and schedules with the page's permission", async () => {
    const p = await page();
    const publish = await p.organiser.graphql(
      `mutation($id: Int!) { publish_mobilization(mobilization_id: $id) { launched published_revision { number } } }`,
      { id: p.page.id },
    );
    expect(publish.body.data.publish_mobilization).toEqual({ launched: true, published_revision: { number: 1 } });
    await p.organiser.put(`/api/mobilizations/${p.page.id}/widgets/${p.form.id}`, {
      widget: { settings: formSettings(TEST_FIELDS, { call_to_action: 'Pelo GraphQL' }) },
    });
    const draft = await p.organiser.graphql(
      `query($id: Int!) { mobilization_draft(mobilization_id: $id) { has_changes changes } mobilization_revisions(mobilization_id: $id) { number changes } mobilization_revision(mobilization_id: $id, number: 1) { live changes_to_draft } }`,
      { id: p.page.id },
    );
    expect(draft.body.data.mobilization_draft.has_changes).toBe(true);
    expect(draft.body.data.mobilization_revisions).toEqual([{ number: 1, changes: [] }]);
    expect(draft.body.data.mobilization_revision.live).toBe(true);
    expect(draft.body.data.mobilization_revision.changes_to_draft).toHaveLength(1);
    const restore = await p.organiser.graphql(
      `mutation($id: Int!) { restore_mobilization_revision(mobilization_id: $id, number: 1) { has_changes restored_from } }`,
      { id: p.page.id },
    );
    expect(restore.body.data.restore_mobilization_revision).toEqual({ has_changes: false, restored_from: 1 });
    const past = await p.organiser.graphql(
      `mutation($id: Int!) { schedule_mobilization(mobilization_id: $id, publish_at: "2020-01-01T08:00:00Z") { publish_at } }`,
      { id: p.page.id },
    );
    expect(JSON.stringify(past.body.errors)).toContain('Escolha um momento no futuro');
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await p.organiser.graphql(
      `mutation($id: Int!, $at: timestamptz) { schedule_mobilization(mobilization_id: $id, unpublish_at: $at) { unpublish_at publish_at } }`,
      { id: p.page.id, at: later },
    );
    expect(scheduled.body.data.schedule_mobilization).toEqual({ unpublish_at: later, publish_at: null });

    // The columns are read-only elsewhere: another page's revision or a schedule cannot be set as a plain update.
    const elsewhere = await page();
    await elsewhere.organiser.post(`/api/mobilizations/${elsewhere.page.id}/publish`, {});
    const [other] = await server.ctx.db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, elsewhere.page.id));
    await p.organiser.graphql(
      `mutation($id: Int!, $rev: Int) { update_mobilizations_by_pk(pk_columns: {id: $id}, _set: {published_revision_id: $rev, publish_at: "2030-01-01T00:00:00Z"}) { id } }`,
      { id: p.page.id, rev: other?.id },
    );
    await p.organiser.put(`/api/mobilizations/${p.page.id}`, {
      mobilization: { published_revision_id: other?.id, publish_at: '2030-01-01T00:00:00Z' },
    });
    const [row] = await server.ctx.db.select().from(mobilizations).where(eq(mobilizations.id, p.page.id));
    const [own] = await server.ctx.db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, p.page.id));
    expect(row?.publishedRevisionId).toBe(own?.id);
    expect(row?.publishAt).toBeNull();

    const theirs = await stranger.graphql(
      `mutation($id: Int!) { publish_mobilization(mobilization_id: $id) { launched } }`,
      { id: p.page.id },
    );
    expect(theirs.body).toEqual({ data: { publish_mobilization: null } });
    const peek = await stranger.graphql(
      `query($id: Int!) { mobilization_draft(mobilization_id: $id) { changes } mobilization_revisions(mobilization_id: $id) { number } }`,
      { id: p.page.id },
    );
    expect(peek.body).toEqual({ data: { mobilization_draft: null, mobilization_revisions: null } });
  });
});

describe('scheduled publishing (issue 34)', () => {
  const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

  it('refuses a time in the past, and an unpublication before the publication, naming the field', async () => {
    const p = await page();
    const past = await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, {
      publish_at: '2020-01-01T08:00:00Z',
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual({ publish_at: ['Escolha um momento no futuro'] });
    const order = await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, {
      publish_at: inSeconds(7200),
      unpublish_at: inSeconds(3600),
    });
    expect(order.status).toBe(422);
    expect(order.body.errors).toEqual({ unpublish_at: ['A despublicação precisa vir depois da publicação'] });
    const garbage = await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, { publish_at: 'amanhã' });
    expect(garbage.body.errors).toEqual({ publish_at: ['Informe uma data e hora válidas'] });
  });

  it('publishes the draft and activates the page at its time, then archives it at the other', async () => {
    const p = await page({ status: 'archived' });
    await p.organiser.put(`/api/mobilizations/${p.page.id}/widgets/${p.form.id}`, {
      widget: { settings: formSettings(TEST_FIELDS, { call_to_action: 'Vote amanhã' }) },
    });
    const set = await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, {
      publish_at: inSeconds(2),
      unpublish_at: inSeconds(5),
    });
    expect(set.status).toBe(200);
    expect(set.body.publish_at).toBeTruthy();
    await eventually(async () => (await p.html()).includes('Vote amanhã'), 20_000);
    const [revision] = await server.ctx.db
      .select()
      .from(mobilizationRevisions)
      .where(eq(mobilizationRevisions.mobilizationId, p.page.id));
    expect(revision).toMatchObject({ number: 1, scheduled: true });
    await eventually(async () => {
      const [m] = await server.ctx.db.select().from(mobilizations).where(eq(mobilizations.id, p.page.id));
      return m?.status === 'archived' && m.unpublishAt === null;
    }, 20_000);
    expect((await getByHost(server, `${p.page.slug}.localhost`, '/')).status).toBe(404);
  });

  it('can be cancelled: the run at its time changes nothing', async () => {
    const p = await page({ status: 'archived' });
    await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, { publish_at: inSeconds(2) });
    const cancelled = await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, { publish_at: null });
    expect(cancelled.body.publish_at).toBeNull();
    const later = new Date(Date.now() + 60_000);
    expect(await dueSchedules(server.ctx.db, later)).not.toContain(p.page.id);
    await runSchedule(server.ctx.db, p.page.id, 'http://admin.example.test', later);
    const [m] = await server.ctx.db.select().from(mobilizations).where(eq(mobilizations.id, p.page.id));
    expect(m).toMatchObject({ status: 'archived', publishedRevisionId: null });
  });

  it('fails visibly when the draft has an invalid widget: nothing published, a notice and a mail', async () => {
    const p = await launchedWithInvalidWidget();
    await p.organiser.put(`/api/mobilizations/${p.page.id}/schedule`, { publish_at: inSeconds(2) });
    const failed = await eventually(async () => {
      const draft = (await p.organiser.get(`/api/mobilizations/${p.page.id}/draft`)).body;
      return draft.schedule_failure ? draft : undefined;
    }, 20_000);
    expect(failed.publish_at).toBeNull();
    expect(failed.published_revision.number).toBe(1);
    expect(failed.schedule_failure.widgets).toEqual([
      expect.objectContaining({ widget_id: p.form.id, block_name: 'Form', kind: 'form' }),
    ]);
    const mails = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, p.organiserEmail));
    expect(mails.map((m) => m.subject)).toContain(`A publicação agendada de “${p.page.name}” não aconteceu`);
    const dismissed = await p.organiser.request('DELETE', `/api/mobilizations/${p.page.id}/schedule/failure`);
    expect(dismissed.body.schedule_failure).toBeNull();
  });
});

describe('a schedule across a restart (issue 34)', () => {
  it('is run by the next server when the one that saved it stopped before its times', async () => {
    const fresh = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'mutirao-data-')),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...(fresh.url ? { DATABASE_URL: fresh.url } : {}),
    });
    async function start(database: Database) {
      const ctx = await createContext(config, { database, migrate: false, jobPollingIntervalSeconds: 0.5 });
      await ctx.queue.start({ work: true });
      const app = await buildApp(ctx, { serveWeb: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      // On PostgreSQL the process lets its pool go; the embedded engine stays open, as its opener holds it.
      const stop = async () => {
        await app.close();
        await closeContext(ctx, { keepDatabase: !fresh.url });
      };
      return { ctx, url, stop };
    }
    const first = await start(fresh.database);
    const made = await createFormPage(first.ctx.db, { status: 'archived' });
    const organiser = new Client(first.url);
    await organiser.post('/api/auth/sign_in', { email: made.organiserEmail, password: 'password123' });
    const due = new Date(Date.now() + 6000);
    const closes = new Date(due.getTime() + 4000);
    const set = await organiser.put(`/api/mobilizations/${made.page.id}/schedule`, {
      publish_at: due.toISOString(),
      unpublish_at: closes.toISOString(),
    });
    expect(set.status).toBe(200);
    await first.stop();

    const database = fresh.url ? await openDatabase({ databaseUrl: fresh.url }) : fresh.database;
    const pageRow = async () =>
      (await database.db.select().from(mobilizations).where(eq(mobilizations.id, made.page.id)))[0];
    // Nothing ran it before the stop.
    expect(await pageRow()).toMatchObject({ status: 'archived', publishedRevisionId: null });
    const second = await start(database);
    try {
      // Both times run: the draft published (revision 1, by the schedule), then the page archived.
      const done = await eventually(async () => {
        const row = await pageRow();
        return row?.publishedRevisionId && row.status === 'archived' ? row : undefined;
      }, 30_000);
      expect(done).toMatchObject({ publishAt: null, unpublishAt: null });
      expect(Date.now()).toBeGreaterThanOrEqual(closes.getTime());
      const [revision] = await database.db
        .select()
        .from(mobilizationRevisions)
        .where(eq(mobilizationRevisions.mobilizationId, made.page.id));
      expect(revision).toMatchObject({ number: 1, scheduled: true });
    } finally {
      await second.stop();
      if (!fresh.url) await fresh.database.close();
      await fresh.drop();
    }
  });
});

describe.skipIf(inject('engine') !== 'postgres')('a publication seen by every web process (issue 34)', () => {
  it("shows on the other process's next request within a second, its lookups kept in memory", async () => {
    const first = await startTestServer({ env: { PUBLIC_LOOKUP_CACHE: 'true' } });
    const second = await startSecondProcess(first);
    try {
      const made = await createFormPage(first.ctx.db);
      const organiser = await signIn(first, made.organiserEmail);
      await organiser.post(`/api/mobilizations/${made.page.id}/publish`, {});
      const html = async (server: TestServer) =>
        (await getByHost(server, `${made.page.slug}.localhost`, '/')).body.toString('utf8');
      // The second process has the page rendered and its host lookup in memory.
      expect(await html(second)).toContain('Participe');
      expect(await html(second)).toContain('Participe');
      await organiser.put(`/api/mobilizations/${made.page.id}/widgets/${made.form.id}`, {
        widget: { settings: formSettings(TEST_FIELDS, { call_to_action: 'Publicado agora' }) },
      });
      expect(await html(second)).not.toContain('Publicado agora');
      await organiser.post(`/api/mobilizations/${made.page.id}/publish`, {});
      const published = Date.now();
      await eventually(async () => (await html(second)).includes('Publicado agora'), 5_000);
      expect(Date.now() - published).toBeLessThan(1_000);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
