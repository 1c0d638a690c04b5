import { EMBED_ORIGINS_MAX, translate } from '@mutirao/core';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOMER, createDonationPage, donationBody, useDonationServer } from '../../test/donationPage';
import { createFormPage, entryBody, pressureSettings } from '../../test/formPage';
import { Client, signIn } from '../../test/harness';
import { activistPressures, communities, donations, formEntries } from '../db/schema';
import { createUser } from '../seed/factories';
import { EMBED_EXPOSED_HEADERS, EMBED_REQUEST_HEADERS } from './cors';

/*
 * Widgets embedded on other sites, the server side (issue 35): the community's list of allowed sites, CORS on the
 * routes a widget calls, the refusal of any other site, and each action's origin in the reports and metrics. On the
 * embedded engine, and on PostgreSQL with TEST_DATABASE_URL.
 */

const t = useDonationServer();
const ALLOWED = 'https://parceira.example.org';
const FOREIGN = 'https://intrusa.example.net';
const VALUES = {
  'f-nome': 'Maria Souza',
  'f-email': 'maria@example.org',
  'f-fone': '(81) 99999-0000',
  'f-bairro': 'Boa Vista',
  'f-idade': '34',
};
const FILL = {
  activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org', city: 'Recife' },
  mail: { subject: 'Tarifa zero já', body: 'Por favor, aprovem.' },
};

/** A form page whose community allows `origins`, and its organiser signed in. */
async function embeddedForm(origins: string[] = [ALLOWED], kind?: 'pressure') {
  const made = await createFormPage(t.server.ctx.db, kind ? { kind, settings: pressureSettings() } : {});
  const organiser = await signIn(t.server, made.organiserEmail);
  if (origins.length) {
    const res = await organiser.put(`/api/communities/${made.communityId}/embed_origins`, { embed_origins: origins });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { ...made, organiser };
}

const entriesOf = (widgetId: number) =>
  t.server.ctx.db.select().from(formEntries).where(eq(formEntries.widgetId, widgetId));

function preflight(path: string, origin: string, method = 'POST') {
  return fetch(`${t.server.url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type, idempotency-key, x-altcha',
    },
  });
}

describe('the community setting embed_origins', () => {
  it('is saved normalised and without duplicates, and shown with the community', async () => {
    const { communityId, organiser } = await embeddedForm([]);
    const res = await organiser.put(`/api/communities/${communityId}/embed_origins`, {
      embed_origins: ['https://Parceira.Example.org/', 'parceira.example.org', 'https://outra.example.org:8443', ' '],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ embed_origins: ['https://parceira.example.org', 'https://outra.example.org:8443'] });
    const shown = await organiser.get(`/api/communities/${communityId}`);
    expect(shown.body.embed_origins).toEqual(['https://parceira.example.org', 'https://outra.example.org:8443']);
    // http is for loopback only: a second local server in tests and development.
    const local = await organiser.put(`/api/communities/${communityId}/embed_origins`, {
      embed_origins: ['http://127.0.0.1:4321', 'http://localhost:8080'],
    });
    expect(local.body).toEqual({ embed_origins: ['http://127.0.0.1:4321', 'http://localhost:8080'] });
  });

  it('refuses a bad address with a 422 on embed_origins that quotes it, in the caller’s language', async () => {
    const { communityId, organiser } = await embeddedForm();
    for (const bad of ['http://parceira.example.org', 'https://parceira.example.org/campanha', 'ftp://x.org', 'nada']) {
      const res = await organiser.put(
        `/api/communities/${communityId}/embed_origins`,
        { embed_origins: [ALLOWED, bad] },
        { 'accept-language': 'es' },
      );
      expect(res.status, bad).toBe(422);
      expect(res.body.errors.embed_origins, bad).toEqual([translate('es', 'embedOrigins.invalid', { value: bad })]);
    }
    const many = Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://site${i}.example.org`);
    const tooMany = await organiser.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.embed_origins).toEqual([
      translate('pt-BR', 'embedOrigins.tooMany', { max: EMBED_ORIGINS_MAX }),
    ]);
    const notList = await organiser.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: ALLOWED });
    expect(notList.status).toBe(422);
    expect(Object.keys(notList.body.errors)).toEqual(['embed_origins']);
    // Nothing of the refused lists was kept.
    const [row] = await t.server.ctx.db.select().from(communities).where(eq(communities.id, communityId));
    expect(row?.embedOrigins).toEqual([ALLOWED]);
  });

  it('is neither read nor changed by another community’s user, nor changed by a mobilizer', async () => {
    const { communityId } = await embeddedForm();
    const other = await createFormPage(t.server.ctx.db);
    const stranger = await signIn(t.server, other.organiserEmail);
    const put = await stranger.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: [FOREIGN] });
    expect(put.status).toBe(404);
    expect((await stranger.get(`/api/communities/${communityId}`)).status).toBe(404);
    const graph = await stranger.graphql(`{ communities(where: {id: {_eq: ${communityId}}}) { id embed_origins } }`);
    expect(graph.body).toEqual({ data: { communities: [] } });
    const changed = await stranger.graphql(
      `mutation { update_communities(where: {id: {_eq: ${communityId}}}, _set: {embed_origins: ["${FOREIGN}"]}) { affected_rows } }`,
    );
    expect(changed.body.data?.update_communities?.affected_rows ?? 0).toBe(0);

    const mobilizer = await createUser(t.server.ctx.db, { email: `mob-${communityId}@example.org` });
    const { communityUsers } = await import('../db/schema');
    await t.server.ctx.db.insert(communityUsers).values({ communityId, userId: mobilizer.id, role: 2 });
    const asMobilizer = await signIn(t.server, `mob-${communityId}@example.org`);
    const refused = await asMobilizer.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: [] });
    expect(refused.status).toBe(403);
    // A mobilizer reads the list (the settings screen shows it to them, read-only).
    expect((await asMobilizer.get(`/api/communities/${communityId}`)).body.embed_origins).toEqual([ALLOWED]);

    const [row] = await t.server.ctx.db.select().from(communities).where(eq(communities.id, communityId));
    expect(row?.embedOrigins).toEqual([ALLOWED]);
  });

  it('is changed through GraphQL by the community’s admin, with the same rules', async () => {
    const { communityId, organiser } = await embeddedForm([]);
    const set = (list: string[]) =>
      organiser.graphql(
        'mutation U($id: Int!, $o: _text!) { update_communities_by_pk(pk_columns: {id: $id}, _set: {embed_origins: $o}) { id embed_origins } }',
        {
          id: communityId,
          o: list,
        },
      );
    const ok = await set(['https://Parceira.example.org']);
    expect(ok.body.data?.update_communities_by_pk?.embed_origins, JSON.stringify(ok.body)).toEqual([ALLOWED]);
    const bad = await set(['https://parceira.example.org/x']);
    expect(bad.body.errors?.[0]?.message, JSON.stringify(bad.body)).toBeTruthy();
    const [row] = await t.server.ctx.db.select().from(communities).where(eq(communities.id, communityId));
    expect(row?.embedOrigins).toEqual([ALLOWED]);
  });
});

describe('CORS on the routes an embedded widget calls', () => {
  it('answers an allowed origin’s preflight with that origin, the contract’s headers and no credentials', async () => {
    const { page, form } = await embeddedForm();
    const res = await preflight(`/api/mobilizations/${page.id}/form_entries`, ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')?.split(', ')).toEqual(EMBED_REQUEST_HEADERS);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    for (const path of [
      `/api/widgets/${form.id}/form_entries_count`,
      `/api/widgets/${form.id}/count`,
      `/api/widgets/${form.id}/fill`,
      `/api/widgets/${form.id}/call`,
      `/api/widgets/${form.id}/donation`,
      `/api/mobilizations/${page.id}/donations`,
    ]) {
      const each = await preflight(path, ALLOWED);
      expect(each.status, path).toBe(204);
      expect(each.headers.get('access-control-allow-origin'), path).toBe(ALLOWED);
    }
  });

  it('refuses another origin’s preflight with no CORS header at all', async () => {
    const { page, form } = await embeddedForm();
    for (const origin of [FOREIGN, 'null', 'https://parceira.example.org:8443', 'http://parceira.example.org']) {
      const res = await preflight(`/api/mobilizations/${page.id}/form_entries`, origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-methods'), origin).toBeNull();
      expect(((await res.json()) as { errors: string[] }).errors).toEqual([translate('pt-BR', 'embedOrigins.refused')]);
    }
    // A widget of another community is not allowed by this community's list.
    const other = await createFormPage(t.server.ctx.db);
    const res = await preflight(`/api/widgets/${other.form.id}/fill`, ALLOWED);
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // A read from a site not allowed is answered, but without CORS headers: the browser keeps it from the script.
    const read = await new Client(t.server.url).get(`/api/widgets/${form.id}/form_entries_count`, { origin: FOREIGN });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores an allowed site’s entry with its origin, and lets the site read the answer', async () => {
    const { page, form } = await embeddedForm();
    const visitor = new Client(t.server.url, { origin: ALLOWED });
    const res = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')?.split(', ')).toEqual(EMBED_EXPOSED_HEADERS);
    expect(res.headers.get('vary')).toMatch(/origin/i);
    expect((await entriesOf(form.id)).map((e) => e.origin)).toEqual([ALLOWED]);
    // Its errors reach it too, so the widget can show them.
    const bad = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, {}));
    expect(bad.status).toBe(422);
    expect(bad.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const counted = await visitor.get(`/api/widgets/${form.id}/form_entries_count`);
    expect(counted.body).toEqual({ form_entries_count: 1 });
    expect(counted.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('refuses a write from a site not allowed with a 403 and stores nothing', async () => {
    const { page, form } = await embeddedForm();
    const intruder = new Client(t.server.url, { origin: FOREIGN, 'accept-language': 'en' });
    const res = await intruder.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: [translate('en', 'embedOrigins.refused')] });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    // A form post from another site's page (no-cors) is refused the same way.
    const plain = await fetch(`${t.server.url}/api/mobilizations/${page.id}/form_entries`, {
      method: 'POST',
      headers: { origin: FOREIGN, 'content-type': 'text/plain' },
      body: JSON.stringify(entryBody(form.id, VALUES)),
    });
    expect(plain.status).toBe(403);
    const fill = await intruder.post(`/api/widgets/${form.id}/fill`, { fill: FILL });
    expect(fill.status).toBe(403);
    expect(await entriesOf(form.id)).toEqual([]);
  });

  it('leaves our own pages as they were: no Origin, or the host itself', async () => {
    const { page, form } = await embeddedForm();
    const own = new Client(t.server.url, { origin: new URL(t.server.url).origin });
    const res = await own.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const none = await new Client(t.server.url).post(
      `/api/mobilizations/${page.id}/form_entries`,
      entryBody(form.id, { ...VALUES, 'f-email': 'outra@example.org' }),
    );
    expect(none.status).toBe(201);
    expect((await entriesOf(form.id)).map((e) => e.origin)).toEqual([null, null]);
  });

  it('sees a change of the list on the very next request', async () => {
    const { page, form, communityId, organiser } = await embeddedForm();
    const visitor = new Client(t.server.url, { origin: ALLOWED });
    const first = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES));
    expect(first.status).toBe(201);
    await organiser.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: [] });
    const after = await visitor.post(`/api/mobilizations/${page.id}/form_entries`, entryBody(form.id, VALUES));
    expect(after.status).toBe(403);
    expect((await preflight(`/api/mobilizations/${page.id}/form_entries`, ALLOWED)).status).toBe(403);
    await organiser.put(`/api/communities/${communityId}/embed_origins`, { embed_origins: [ALLOWED] });
    expect((await preflight(`/api/mobilizations/${page.id}/form_entries`, ALLOWED)).status).toBe(204);
  });

  it('stores an allowed site’s e-mail pressure and donation with its origin', async () => {
    const { form } = await embeddedForm([ALLOWED], 'pressure');
    const visitor = new Client(t.server.url, { origin: ALLOWED });
    const res = await visitor.post(`/api/widgets/${form.id}/fill`, { fill: FILL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const pressures = await t.server.ctx.db
      .select()
      .from(activistPressures)
      .where(eq(activistPressures.widgetId, form.id));
    expect(pressures.map((p) => p.origin)).toEqual([ALLOWED]);

    const donation = await createDonationPage(t.server.ctx.db);
    const admin = await signIn(t.server, donation.organiserEmail);
    await admin.put(`/api/communities/${donation.communityId}/embed_origins`, { embed_origins: [ALLOWED] });
    const info = await visitor.get(`/api/widgets/${donation.widget.id}/donation`);
    expect(info.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const given = await visitor.post(
      `/api/mobilizations/${donation.page.id}/donations`,
      donationBody(donation.widget.id),
    );
    expect(given.status, JSON.stringify(given.body)).toBe(201);
    expect(given.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const rows = await t.server.ctx.db.select().from(donations).where(eq(donations.widgetId, donation.widget.id));
    expect(rows.map((d) => d.origin)).toEqual([ALLOWED]);
    const refused = await new Client(t.server.url, { origin: FOREIGN }).post(
      `/api/mobilizations/${donation.page.id}/donations`,
      donationBody(donation.widget.id),
    );
    expect(refused.status).toBe(403);
    const [n] = await t.server.ctx.db
      .select({ n: count() })
      .from(donations)
      .where(eq(donations.widgetId, donation.widget.id));
    expect(Number(n?.n)).toBe(1);
  });
});

describe('actions by origin in reports and metrics', () => {
  it('names the origin in the form export, the actions report and the donations report', async () => {
    const { page, form, communityId, organiser } = await embeddedForm();
    await new Client(t.server.url, { origin: ALLOWED }).post(
      `/api/mobilizations/${page.id}/form_entries`,
      entryBody(form.id, VALUES),
    );
    await new Client(t.server.url).post(
      `/api/mobilizations/${page.id}/form_entries`,
      entryBody(form.id, { ...VALUES, 'f-email': 'joana@example.org' }),
    );
    const ourPage = translate('pt-BR', 'embedOrigins.ourPage');
    const lastCells = (csv: string) =>
      csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .map((line) => line.split(',').at(-1));
    const exported = await organiser.get(`/api/mobilizations/${page.id}/form_entries.csv?widget_id=${form.id}`);
    expect(exported.status).toBe(200);
    expect(lastCells(exported.body as string)).toEqual([
      translate('pt-BR', 'embedOrigins.originColumn'),
      ALLOWED,
      ourPage,
    ]);
    const actions = await organiser.get(`/api/communities/${communityId}/activist_actions.csv`);
    expect(actions.status).toBe(200);
    expect(lastCells(actions.body as string)).toEqual([
      translate('pt-BR', 'embedOrigins.originColumn'),
      ALLOWED,
      ourPage,
    ]);
  });

  it('counts the page’s and the community’s actions by origin, our page first, for members only', async () => {
    const { page, form, communityId, organiser } = await embeddedForm([ALLOWED, 'https://outra.example.org']);
    const send = (origin: string | undefined, email: string) =>
      new Client(t.server.url, origin ? { origin } : {}).post(
        `/api/mobilizations/${page.id}/form_entries`,
        entryBody(form.id, { ...VALUES, 'f-email': email }),
      );
    for (const [origin, email] of [
      [ALLOWED, 'a@example.org'],
      [ALLOWED, 'b@example.org'],
      ['https://outra.example.org', 'c@example.org'],
      [undefined, 'd@example.org'],
    ] as const)
      expect((await send(origin, email)).status).toBe(201);
    const expected = [
      { origin: null, actions: 1 },
      { origin: ALLOWED, actions: 2 },
      { origin: 'https://outra.example.org', actions: 1 },
    ];
    const byPage = await organiser.get(`/api/mobilizations/${page.id}/metrics/origins`);
    expect(byPage.body).toEqual({ origins: expected, total: 3, page: 1, per_page: 10 });
    const second = await organiser.get(`/api/mobilizations/${page.id}/metrics/origins?page=2&per_page=2`);
    expect(second.body).toEqual({ origins: expected.slice(2), total: 3, page: 2, per_page: 2 });
    const byCommunity = await organiser.get(`/api/communities/${communityId}/metrics/origins`);
    expect(byCommunity.body.origins).toEqual(expected);
    const stranger = await signIn(t.server, (await createFormPage(t.server.ctx.db)).organiserEmail);
    expect((await stranger.get(`/api/mobilizations/${page.id}/metrics/origins`)).status).toBe(404);
    expect((await stranger.get(`/api/communities/${communityId}/metrics/origins`)).status).toBe(404);
  });
});

void CUSTOMER;
