import { ROLES } from '@mutirao/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBondeRows, type BondeFixture, bondeFixture } from '../../../test/bonde';
import { parseCsv } from '../../../test/csv';
import { entryBody } from '../../../test/formPage';
import { Client, getByHost, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { INTEGRATIONS_SECRET_PURPOSE } from '../../communities/integrations';
import type { Database } from '../../db/client';
import { createUser } from '../../seed/factories';
import { SecretBox } from '../../telephony/secret';
import { formatReport, type ImportReport, importBonde, reasonText } from './run';

/** Sign-in accepts Bonde's bcrypt hashes once h-bacct's change (with its bcryptjs dependency) is in. */
const bcryptSignIn = await import('bcryptjs' as string).then(
  () => true,
  () => false,
);

let bonde: BondeFixture;
let server: TestServer;
let database: Database;
const twilio = new SecretBox('import-test-secret');
const mailchimp = new SecretBox('import-test-secret', 'mailchimp-api-key');
const integrations = new SecretBox('import-test-secret', INTEGRATIONS_SECRET_PURPOSE);

beforeAll(async () => {
  bonde = await bondeFixture();
  server = await startTestServer();
  database = server.ctx.database;
}, 120_000);
afterAll(async () => {
  await server?.close();
  bonde?.stop();
});

const run = (apply: boolean, extra: { batchSize?: number; stopAfterBatches?: number } = {}) =>
  importBonde({
    from: bonde.url,
    target: database,
    apply,
    seal: {
      twilio: (p) => twilio.seal(p),
      mailchimp: (p) => mailchimp.seal(p),
      integrations: (p) => integrations.seal(p),
    },
    ...extra,
  });

async function count(table: string, where = 'true'): Promise<number> {
  const { rows } = await database.raw.executeSql(`select count(*)::int as n from ${table} where ${where}`);
  return Number((rows[0] as { n: number }).n);
}

const line = (report: ImportReport, table: string) => report.tables.find((t) => t.table === table);

/** What the fixture's rows become (test/fixtures/bonde/README.md lists them). */
const EXPECTED: Record<string, { read: number; created: number; skipped: number }> = {
  users: { read: 3, created: 3, skipped: 0 },
  communities: { read: 2, created: 2, skipped: 0 },
  community_users: { read: 6, created: 6, skipped: 0 },
  recipients: { read: 1, created: 1, skipped: 0 },
  template_mobilizations: { read: 2, created: 2, skipped: 0 },
  template_widgets: { read: 4, created: 4, skipped: 0 },
  mobilizations: { read: 4, created: 4, skipped: 0 },
  blocks: { read: 11, created: 11, skipped: 0 },
  widgets: { read: 16, created: 15, skipped: 1 },
  community_activists: { read: 9, created: 9, skipped: 0 },
  form_entries: { read: 6, created: 6, skipped: 0 },
  activist_pressures: { read: 3, created: 3, skipped: 0 },
  // 12005 and its sheet 12105 are on widget 7016, whose kind (match) is not imported.
  plips: { read: 4, created: 3, skipped: 1 },
  plip_signatures: { read: 4, created: 3, skipped: 1 },
  twilio_calls: { read: 2, created: 2, skipped: 0 },
  subscriptions: { read: 2, created: 2, skipped: 0 },
  donations: { read: 9, created: 9, skipped: 0 },
  dns_hosted_zones: { read: 2, created: 2, skipped: 0 },
  dns_records: { read: 4, created: 4, skipped: 0 },
  invitations: { read: 2, created: 0, skipped: 2 },
};

describe('npm run import:bonde', () => {
  it('dry run: converts everything, reports it, writes nothing', async () => {
    const users = await count('users');
    const report = await run(false);
    expect(report.apply).toBe(false);
    for (const [table, expected] of Object.entries(EXPECTED))
      expect({ table, ...pick(line(report, table)) }).toEqual({ table, ...expected });
    expect(report.skipped.map((r) => reasonText('en', r))).toEqual([
      'widgets 7016: kind “match” has no counterpart',
      'plips 12005: widgets 7016 was not imported',
      'plip_signatures 12105: widgets 7016 was not imported',
      'invitations 2401: invitations are not carried over (invite beatriz.simoes@example.org again from the Mobilizers tab)',
      'invitations 2404: invitations are not carried over (invite raimundo.araujo@example.org again from the Mobilizers tab)',
    ]);
    expect(report.notes).toContainEqual({ table: 'donations', id: 1701, key: 'donationCard' });
    // The report in the operator's language: Portuguese by default.
    const text = formatReport(report, 'pt-BR');
    expect(text).toContain('import:bonde (simulação: nada foi gravado; --apply grava)');
    expect(text).toContain('widgets 7016: o tipo “match” não tem equivalente');
    expect(text).toContain('2 páginas públicas publicadas');
    expect(report.published).toBe(2);
    expect(await count('users')).toBe(users);
    expect(await count('mobilizations')).toBe(0);
    expect(await count('bonde_import_ids')).toBe(0);
    expect(await count('bonde_import_progress')).toBe(0);
  }, 120_000);

  it('--apply: killed midway, run again, it continues and ends with every row once', async () => {
    const stopped = await run(true, { batchSize: 2, stopAfterBatches: 6 });
    expect(stopped.tables.length).toBeLessThan(10);
    expect(await count('users')).toBe(3);
    const report = await run(true, { batchSize: 2 });
    // Each table's rows were created by one run or the other, never both.
    for (const [table, expected] of Object.entries(EXPECTED)) {
      const before = line(stopped, table)?.created ?? 0;
      expect({ table, created: before + (line(report, table)?.created ?? 0) }).toEqual({
        table,
        created: expected.created,
      });
    }
    expect(await count('users')).toBe(3);
    expect(await count('communities')).toBe(2);
    // 1004 holds two roles in 2005 in Bonde: one membership here, as admin.
    expect(await count('community_users')).toBe(5);
    expect(await count('mobilizations')).toBe(4);
    expect(await count('mobilizations', 'deleted_at is not null')).toBe(1);
    expect(await count('mobilizations', "status = 'archived'")).toBe(1);
    expect(await count('blocks')).toBe(11);
    expect(await count('widgets')).toBe(15);
    expect(await count('form_entries')).toBe(6);
    expect(await count('activist_pressures')).toBe(3);
    expect(await count('donations')).toBe(9);
    expect(await count('subscriptions')).toBe(2);
    expect(await count('twilio_calls')).toBe(2);
    expect(await count('dns_hosted_zones')).toBe(2);
    // PLIPs hang on the imported plip widget 7017, with its page and community (read from the widget: Bonde's own
    // columns are null on older rows); a sheet recorded before Bonde copied the e-mail has the sign-up's.
    expect(await count('plips')).toBe(3);
    expect(await count('plip_signatures')).toBe(3);
    const { rows: plipRows } = await database.raw.executeSql(`
      select w.kind, count(*)::int as n, bool_and(p.mobilization_id = b.mobilization_id) as page,
        bool_and(p.community_id = m.community_id) as community, min(m.community_id) as community_id
      from plips p join widgets w on w.id = p.widget_id join blocks b on b.id = w.block_id
      join mobilizations m on m.id = b.mobilization_id
      join bonde_import_ids i on i.source_table = 'widgets' and i.source_id = 7017 and i.target_id = w.id
      group by w.kind`);
    const { rows: bondeCommunity } = await database.raw.executeSql(
      "select target_id from bonde_import_ids where source_table = 'communities' and source_id = 2005",
    );
    expect(plipRows).toEqual([
      {
        kind: 'plip',
        n: 3,
        page: true,
        community: true,
        community_id: (bondeCommunity[0] as { target_id: number }).target_id,
      },
    ]);
    expect(await count('plip_signatures', "email = 'jose.ribeiro@example.org'")).toBe(2);
    expect(await count('plip_signatures', 'user_id is not null')).toBe(3);
    // 8021's e-mail is 8003's but for case: one person of the community.
    expect(await count('activists', "lower(email) = 'jose.ribeiro@example.org'")).toBe(1);
    expect(await count('activists', "'input_moradia' = any(tags) or cardinality(tags) > 0")).toBeGreaterThan(0);
  }, 120_000);

  it('keeps what was private private: secrets sealed with our keys, no card data, bcrypt hashes as they were', async () => {
    const { rows: communities } = await database.raw.executeSql(
      'select mailchimp_api_key from communities where mailchimp_api_key is not null',
    );
    const sealed = String((communities[0] as { mailchimp_api_key: string }).mailchimp_api_key);
    expect(sealed).toMatch(/^v1\./);
    expect(mailchimp.open(sealed)).toBeTruthy();
    const { rows: twilioRows } = await database.raw.executeSql('select twilio_auth_token from twilio_configurations');
    const token = String((twilioRows[0] as { twilio_auth_token: string }).twilio_auth_token);
    expect(twilio.open(token)).toBeTruthy();
    // The Turn.io key inside `integrations`, sealed with the integrations box.
    const { rows: turnio } = await database.raw.executeSql(
      "select integrations #>> '{turnio,api_key}' as key from communities where integrations ? 'turnio'",
    );
    expect(turnio).toHaveLength(1);
    const turnioKey = String((turnio[0] as { key: string }).key);
    expect(turnioKey).toMatch(/^v1\./);
    expect(integrations.open(turnioKey)).toBe('turnio-fixture-9f2c1e7a5b3d4c6e8a0b');
    const { rows: card } = await database.raw.executeSql(
      "select count(*)::int as n from donations where gateway_data::text ~ 'card_hash' or customer::text ~ 'card_hash'",
    );
    expect((card[0] as { n: number }).n).toBe(0);
    const { rows: hashes } = await database.raw.executeSql(
      "select password_hash from users where email = 'maria.conceicao@minhasampa.org.br'",
    );
    expect(String((hashes[0] as { password_hash: string }).password_hash)).toMatch(/^\$2a\$10\$/);
  });

  it.runIf(bcryptSignIn)('a Bonde user signs in with their Bonde password', async () => {
    const client = await signIn(server, 'maria.conceicao@minhasampa.org.br', 'Conceição#2017');
    expect((await client.get('/api/users/me')).status).toBe(200);
  });

  it('a second run changes nothing, and says so', async () => {
    const before = await count('bonde_import_ids');
    const report = await run(true);
    expect(report.unchangedRun).toBe(true);
    expect(formatReport(report, 'en')).toContain('Nothing new: the target already holds every row of the source.');
    expect(report.tables.every((t) => t.created === 0 && t.read === 0)).toBe(true);
    expect(line(report, 'widgets')?.unchanged).toBe(16);
    expect(line(report, 'plips')?.unchanged).toBe(4);
    expect(line(report, 'plip_signatures')?.unchanged).toBe(4);
    expect(await count('bonde_import_ids')).toBe(before);
  }, 60_000);

  it('a run after new rows in Bonde adds only those', async () => {
    await addBondeRows(bonde.url);
    const report = await run(true);
    const created = Object.fromEntries(report.tables.filter((t) => t.created).map((t) => [t.table, t.created]));
    expect(created).toMatchObject({ mobilizations: 1, blocks: 1, widgets: 1, form_entries: 2, donations: 1 });
    expect(await count('mobilizations')).toBe(5);
    expect(await count('form_entries')).toBe(8);
    expect(report.published).toBe(1);
  }, 60_000);

  it('the imported page renders on its custom domain, with its widgets, and takes a visitor’s entry', async () => {
    const page = await getByHost(server, 'www.moradiadigna.org.br');
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain('Moradia digna já!');
    expect(html).toContain('Assine a carta pela moradia');
    // The Spanish page, whose content is Draft.js, on its slug's host; archived and deleted pages are not served.
    const spanish = await getByHost(server, '5008-agua-para-todos.localhost');
    expect(spanish.status).toBe(200);
    expect(spanish.body.toString('utf8')).toMatch(/^<!doctype html><html lang="es">/);
    expect(spanish.body.toString('utf8')).toContain('¡Agua para todos!');
    expect((await getByHost(server, '5003-ocupa-conceicao-salve-a-serra.localhost')).status).toBe(404);
    expect((await getByHost(server, '5004-campanha-de-teste-apagada.localhost')).status).toBe(404);
    const { rows } = await database.raw.executeSql(`
      select w.id, b.mobilization_id, w.settings->>'fields' as fields from widgets w join blocks b on b.id = w.block_id
      join bonde_import_ids i on i.source_table = 'widgets' and i.source_id = 7003 and i.target_id = w.id`);
    const form = rows[0] as { id: number; mobilization_id: number; fields: string };
    // The visitor's browser sends every field of the form, the optional ones empty.
    const values: Record<string, string> = Object.fromEntries(
      (JSON.parse(form.fields) as { uid: string; kind: string }[])
        .filter((f) => f.kind !== 'greetings')
        .map((f) => [f.uid, '']),
    );
    const visitor = new Client(server.url);
    const before = await count('form_entries', `widget_id = ${form.id}`);
    const res = await visitor.post(
      `/api/mobilizations/${form.mobilization_id}/form_entries`,
      entryBody(form.id, {
        ...values,
        'field-1496311620123-17': 'Luíza',
        'field-1496311625456-42': 'Gonçalves',
        'field-1496311630789-3': 'luiza.goncalves@example.org',
      }),
    );
    expect([res.status, res.body]).toEqual([201, expect.anything()]);
    expect(await count('form_entries', `widget_id = ${form.id}`)).toBe(before + 1);
  });

  it("a member of the PLIP's community reads its sign-ups and sheets over GraphQL; others do not", async () => {
    const target = async (table: string, id: number) => {
      const { rows } = await database.raw.executeSql(
        `select target_id from bonde_import_ids where source_table = '${table}' and source_id = ${id}`,
      );
      return Number((rows[0] as { target_id: number }).target_id);
    };
    const widgetId = await target('widgets', 7017);
    const member = await createUser(server.ctx.db, { email: 'plip-member@example.org' });
    await createUser(server.ctx.db, { email: 'plip-outsider@example.org' });
    // A mobilizer of both imported communities; the PLIP widget is 2005's, the Turn.io key 2001's.
    await database.raw.executeSql(
      'insert into community_users (community_id, user_id, role) values ($1, $3, $4), ($2, $3, $4)',
      [await target('communities', 2005), await target('communities', 2001), member.id, ROLES.mobilizer],
    );
    const document = `query Plips($widget_id: Int!) {
      plips(where: {widget_id: {_eq: $widget_id}}, order_by: {created_at: asc}) {
        name: form_data(path: "name") state expected_signatures confirmed_signatures status
      }
      plip_signatures_aggregate(where: {widget_id: {_eq: $widget_id}}) {
        aggregate { count sum { confirmed_signatures } }
      }
      widgets_by_pk(id: $widget_id) { block { mobilization { community { integrations } } } }
    }`;
    const memberClient = await signIn(server, 'plip-member@example.org');
    const res = await memberClient.graphql(document, { widget_id: widgetId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.plips).toEqual([
      {
        name: 'Conceição Araújo',
        state: 'BA',
        expected_signatures: 10,
        confirmed_signatures: null,
        status: 'PENDENTE',
      },
      {
        name: 'José Antônio Ribeiro',
        state: 'SP',
        expected_signatures: 100,
        confirmed_signatures: 62,
        status: 'CONCLUIDO',
      },
      { name: 'Luíza Gonçalves', state: 'MG', expected_signatures: 50, confirmed_signatures: 42, status: 'CONCLUIDO' },
    ]);
    expect(res.body.data.plip_signatures_aggregate.aggregate).toEqual({ count: 3, sum: { confirmed_signatures: 104 } });
    expect(res.body.data.widgets_by_pk.block.mobilization.community.integrations).toEqual({});
    const outsider = await (await signIn(server, 'plip-outsider@example.org')).graphql(document, {
      widget_id: widgetId,
    });
    expect(outsider.body.errors).toBeUndefined();
    expect(outsider.body.data.plips).toEqual([]);
    expect(outsider.body.data.plip_signatures_aggregate.aggregate).toEqual({
      count: 0,
      sum: { confirmed_signatures: null },
    });
    // Community 2001's Turn.io key is sealed here and reads as null, never in clear.
    const { rows: page } = await database.raw.executeSql(`
      select w.id from widgets w join blocks b on b.id = w.block_id join mobilizations m on m.id = b.mobilization_id
      where m.community_id = ${await target('communities', 2001)} order by w.id limit 1`);
    const read = await memberClient.graphql(
      'query I($id: Int!) { widgets_by_pk(id: $id) { block { mobilization { community { integrations } } } } }',
      { id: (page[0] as { id: number }).id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.widgets_by_pk.block.mobilization.community.integrations).toEqual({
      turnio: { api_key: null },
    });
  });

  it('the counters and reports match the imported rows', async () => {
    // Every action table's widget counter is the count of its rows (the triggers counted the imported ones).
    const { rows } = await database.raw.executeSql(`
      select w.id, coalesce((select sum(actions) from widget_counters c where c.widget_id = w.id), 0)::int as counted,
        ((select count(*) from form_entries f where f.widget_id = w.id)
         + (select count(*) from activist_pressures p where p.widget_id = w.id and mutirao_pressure_counts(p.channel))
         + (select count(*) from twilio_calls t where t.widget_id = w.id and mutirao_call_counts(t.status))
         + (select count(*) from donations d left join subscriptions s on s.id = d.subscription_id
            where coalesce(d.widget_id, s.widget_id) = w.id and mutirao_donation_counts(d.status)))::int as rows
      from widgets w`);
    const mismatched = (rows as { id: number; counted: number; rows: number }[]).filter((r) => r.counted !== r.rows);
    expect(mismatched).toEqual([]);
    // People's action counts are recounted from their actions.
    const { rows: people } = await database.raw.executeSql(
      'select count(*)::int as n from activists where actions_count > 0 and last_action_at is not null',
    );
    expect((people[0] as { n: number }).n).toBeGreaterThan(0);
    // The community's activists report lists every imported person of the community.
    await createUser(server.ctx.db, { email: 'import-admin@example.org', isAdmin: true });
    const admin = await signIn(server, 'import-admin@example.org');
    const { rows: community } = await database.raw.executeSql(
      "select target_id from bonde_import_ids where source_table = 'communities' and source_id = 2001",
    );
    const communityId = Number((community[0] as { target_id: number }).target_id);
    const res = await fetch(`${server.url}/api/communities/${communityId}/activists.csv`, {
      headers: { cookie: `session=${admin.cookie('session')}` },
    });
    expect(res.status).toBe(200);
    const csv = parseCsv(await res.text());
    expect(csv.length - 1).toBe(await count('activists', `community_id = ${communityId}`));
  });
});

function pick(t: { read: number; created: number; skipped: number } | undefined) {
  return t ? { read: t.read, created: t.created, skipped: t.skipped } : undefined;
}
