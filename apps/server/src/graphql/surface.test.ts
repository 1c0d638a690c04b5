import { eq } from 'drizzle-orm';
import { buildSchema, validateSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, signIn, startTestServer, type TestServer } from '../../test/harness';
import {
  certificates,
  communities,
  dnsHostedZones,
  dnsRecords,
  invitations,
  plipSignatures,
  plips,
  recipients,
  subthemes as subthemesTable,
  twilioCallTransitions,
  twilioConfigurations,
  uploads,
} from '../db/schema';
import { graphqlApi } from '../graphqlApi';
import {
  createActivist,
  createCommunity,
  createDonation,
  createFormEntries,
  createMobilization,
  createPhoneCall,
  createPressure,
  createSubscription,
  createTemplate,
  createUser,
  seedThemes,
} from '../seed/factories';

/*
 * The generated Hasura-compatible surface, with documents shaped like those the original admin clients send, and
 * the permission rule checked table by table: a user of another community gets no row of any table.
 */

let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer of Alpha
let bob: Client; // admin of Beta
let aliceId: number;
let alphaId: number;
let pageId: number;
let blockIds: number[];
let zoneId: number;

const FORM = { fields: JSON.stringify([{ uid: 'email', kind: 'email', label: 'E-mail', required: 'true' }]) };

async function seedCommunity(name: string, ownerId: number, members: { userId: number; role: number }[] = []) {
  const { db } = server.ctx;
  const community = await createCommunity(db, { name, ownerId, members });
  await seedThemes(db);
  const subthemes = await db.select().from(subthemesTable).limit(1);
  const page = await createMobilization(db, {
    communityId: community.id,
    name: `Página de ${name}`,
    subthemeIds: subthemes.map((s) => s.id),
    blocks: [
      {
        name: `${name} 1`,
        widgets: [
          { kind: 'form', settings: FORM },
          { kind: 'content', settings: {} },
        ],
      },
      { name: `${name} 2`, widgets: [{ kind: 'pressure', settings: {} }] },
      { name: `${name} 3`, widgets: [{ kind: 'content', settings: {} }] },
    ],
  });
  const [form, , pressure] = page.widgets;
  const activist = await createActivist(db, { communityId: community.id, email: `ana@${name.toLowerCase()}.org` });
  await createPressure(db, { widgetId: pressure?.id as number, mobilizationId: page.id, activistId: activist.id });
  await createDonation(db, {
    communityId: community.id,
    amount: 5000,
    mobilizationId: page.id,
    activistId: activist.id,
  });
  await createDonation(db, { communityId: community.id, amount: 2500, status: 'waiting_payment' });
  await createSubscription(db, { communityId: community.id, amount: 3000, activistId: activist.id });
  // A call that did not reach its target: an attempt, which counts nowhere (core's `actions/definitions.ts`).
  await createPhoneCall(db, {
    communityId: community.id,
    widgetId: pressure?.id as number,
    activistId: activist.id,
    status: 'busy',
  });
  await createTemplate(db, {
    name: `Modelo de ${name}`,
    communityId: community.id,
    blocks: [{ name: 'Topo', widgets: [{ kind: 'content', settings: {} }] }],
  });
  const [zone] = await db
    .insert(dnsHostedZones)
    .values({
      communityId: community.id,
      domainName: `${name.toLowerCase()}.org`,
      hostedZone: { HostedZone: { Id: `/hostedzone/${name}` } },
      delegationSet: { NameServers: ['ns1.example.net', 'ns2.example.net'] },
    })
    .returning();
  await db
    .insert(dnsRecords)
    .values({ dnsHostedZoneId: zone?.id as number, name: 'www', recordType: 'CNAME', value: 'x' });
  await db.insert(twilioConfigurations).values({
    communityId: community.id,
    twilioAccountSid: `AC${name}`,
    twilioAuthToken: 'secret-token',
    twilioNumber: '+5581900000000',
  });
  await db.insert(invitations).values({
    communityId: community.id,
    email: `new@${name}.org`,
    codeHash: `hash-${name}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const call = await createPhoneCall(db, {
    communityId: community.id,
    widgetId: pressure?.id as number,
    status: 'ringing',
  });
  await db
    .insert(twilioCallTransitions)
    .values({ twilioCallId: call.id, twilioCallSid: `CA${name}`, status: 'ringing' });
  await db
    .insert(certificates)
    .values({ communityId: community.id, dnsHostedZoneId: zone?.id, domain: `www.${name}.org` });
  await db.insert(recipients).values({ communityId: community.id, bankAccount: { bank_code: '001' } });
  await db
    .insert(uploads)
    .values({ key: `${name}.png`, url: `/uploads/${name}.png`, contentType: 'image/png', communityId: community.id });
  await createFormEntries(db, {
    communityId: community.id,
    mobilizationId: page.id,
    widget: { id: form?.id as number, settings: FORM },
    count: 2,
  });
  // A PLIP sign-up and its returned sheet, as the Bonde importer writes them.
  await db.insert(plips).values({
    communityId: community.id,
    mobilizationId: page.id,
    widgetId: form?.id as number,
    uniqueIdentifier: `plip-${name}`,
    formData: { name: 'Ana', email: `ana@${name.toLowerCase()}.org` },
    expectedSignatures: 10,
    state: 'PE',
  });
  await db.insert(plipSignatures).values({
    communityId: community.id,
    widgetId: form?.id as number,
    uniqueIdentifier: `plip-${name}`,
    confirmedSignatures: 7,
    state: 'PE',
  });
  return { community, page, form, zone };
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'surface-alice@example.org', firstName: 'Alice' });
  const m = await createUser(db, { email: 'surface-mob@example.org', firstName: 'Mob' });
  const b = await createUser(db, { email: 'surface-bob@example.org', firstName: 'Bob' });
  aliceId = a.id;
  const alpha = await seedCommunity('Alpha', a.id, [{ userId: m.id, role: 2 }]);
  await seedCommunity('Beta', b.id);
  await db
    .update(communities)
    .set({ mailchimpApiKey: 'mc-secret-us1', integrations: { turnio: { api_key: 'turn-secret', number: '+55' } } })
    .where(eq(communities.id, alpha.community.id));
  alphaId = alpha.community.id;
  pageId = alpha.page.id;
  zoneId = alpha.zone?.id as number;
  blockIds = [...new Set(alpha.page.widgets.map((w) => w.blockId))];
  alice = await signIn(server, 'surface-alice@example.org');
  mob = await signIn(server, 'surface-mob@example.org');
  bob = await signIn(server, 'surface-bob@example.org');
});
afterAll(() => server.close());

/** The stored tables; the views (Bonde's, read-only) have their own test of the same rule (`bonde/views.test.ts`). */
const tables = [...graphqlApi().surface.exposed.values()]
  .filter((t) => !t.policy.view)
  .map((t) => ({ name: t.model.name, pk: t.model.pk.name }));
/** Reference data every signed-in user reads. */
const SHARED = new Set(['themes', 'subthemes']);

async function idsSeenBy(client: Client, table: string, pk: string): Promise<number[]> {
  const res = await client.graphql(
    `{ rows: ${table}(limit: 500) { ${pk} } n: ${table}_aggregate { aggregate { count } } }`,
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.n.aggregate.count).toBe(res.body.data.rows.length);
  return res.body.data.rows.map((r: Record<string, number>) => r[pk]);
}

describe('the generated surface', () => {
  it('is a valid schema: the server builds it without checking, so the check is here', () => {
    expect(() => buildSchema(graphqlApi().sdl)).not.toThrow();
    expect(validateSchema(graphqlApi().schema)).toEqual([]);
  });

  it('covers every table of the data model but the server’s own (sessions, tokens, counters, the outbox)', () => {
    expect(tables.map((t) => t.name).sort()).toEqual(
      [
        'activist_pressures',
        'activists',
        'blocks',
        'certificates',
        'communities',
        'community_users',
        'dns_hosted_zones',
        'dns_records',
        'donations',
        'facebook_bot_activists',
        'facebook_bot_campaign_activists',
        'facebook_bot_campaigns',
        'facebook_bot_configurations',
        'form_entries',
        'invitations',
        'mobilizations',
        'mobilizations_subthemes',
        'plip_signatures',
        'plips',
        'recipients',
        'subscriptions',
        'subthemes',
        'template_blocks',
        'template_mobilizations',
        'template_widgets',
        'themes',
        'twilio_call_transitions',
        'twilio_calls',
        'twilio_configurations',
        'uploads',
        'users',
        'widgets',
      ].sort(),
    );
    expect(graphqlApi().sdl).not.toMatch(/password_hash|token_hash|code_hash|manage_token_hash/);
  });

  it('shows a user of another community no row of any table, and lets them change none', async () => {
    let seeded = 0;
    for (const { name, pk } of tables) {
      const mine = await idsSeenBy(alice, name, pk);
      const theirs = new Set(await idsSeenBy(bob, name, pk));
      if (SHARED.has(name)) continue;
      if (mine.length) seeded++;
      expect({ name, shared: mine.filter((id) => theirs.has(id)) }).toEqual({ name, shared: [] });
      // Naming Alpha's rows outright finds nothing either, through the list, by key and in an aggregate.
      const where = `{${pk}: {_in: [${mine.join(',')}]}}`;
      const probe = await bob.graphql(
        `{ l: ${name}(where: ${where}) { ${pk} } a: ${name}_aggregate(where: ${where}) { aggregate { count } } ${
          mine.length ? `p: ${name}_by_pk(${pk}: ${mine[0]}) { ${pk} }` : ''
        } }`,
      );
      expect(probe.body.data.l).toEqual([]);
      expect(probe.body.data.a.aggregate.count).toBe(0);
      if (mine.length) expect(probe.body.data.p).toBeNull();
      const write = await bob.graphql(
        `mutation { u: update_${name}(where: ${where}, _set: {}) { affected_rows } d: delete_${name}(where: ${where}) { affected_rows } }`,
      );
      const answer = write.body.errors
        ? { denied: write.body.errors[0].extensions.code }
        : { changed: write.body.data.u.affected_rows + write.body.data.d.affected_rows };
      expect([{ denied: 'permission-error' }, { changed: 0 }]).toContainEqual(answer);
      expect(await idsSeenBy(alice, name, pk)).toEqual(mine);
    }
    // Not vacuous: Alpha's side of every table holds rows, but for the chat bot's four.
    expect(seeded).toBe(tables.length - SHARED.size - 4);
  });

  it('never reads a secret back: write-only columns are null, hashed ones are not in the schema', async () => {
    const res = await alice.graphql(`{
      communities(where: {id: {_eq: ${alphaId}}}) { mailchimp_api_key name integrations }
      twilio_configurations { twilio_auth_token twilio_account_sid }
    }`);
    expect(res.body.data.communities).toEqual([
      { mailchimp_api_key: null, name: 'Alpha', integrations: { turnio: { api_key: null, number: '+55' } } },
    ]);
    expect(res.body.data.twilio_configurations).toEqual([{ twilio_auth_token: null, twilio_account_sid: 'ACAlpha' }]);
    const hidden = await alice.graphql('{ invitations { code_hash } }');
    expect(hidden.body.errors[0].message).toContain('code_hash');
  });
});

describe('documents shaped like the original admin’s', () => {
  it('read relationships both ways, with filters through them', async () => {
    const res = await alice.graphql(
      `query Pages($me: Int!) {
        mobilizations(limit: 4, where: {community: {community_users: {user_id: {_eq: $me}}}}, order_by: {updated_at: desc_nulls_last}) {
          id deleted_at community { id name city } theme { id label }
          mobilizations_subthemes { subtheme { id label } }
        }
      }`,
      { me: aliceId },
    );
    expect(res.body.errors).toBeUndefined();
    const [page] = res.body.data.mobilizations;
    expect(page).toMatchObject({ id: pageId, deleted_at: null, community: { id: alphaId, name: 'Alpha' } });
    expect(page.mobilizations_subthemes).toHaveLength(1);

    const widgets = await alice.graphql(
      `query W($c: Int!) {
        widgets(where: {_and: [{kind: {_neq: "draft"}}, {kind: {_neq: "content"}},
          {block: {mobilization: {deleted_at: {_is_null: true}, community_id: {_eq: $c}}}}]}, order_by: {id: asc}) {
          kind block { mobilization { image: facebook_share_image name community_id } }
        }
      }`,
      { c: alphaId },
    );
    expect(widgets.body.data.widgets).toEqual([
      { kind: 'form', block: { mobilization: { image: null, name: 'Página de Alpha', community_id: alphaId } } },
      { kind: 'pressure', block: { mobilization: { image: null, name: 'Página de Alpha', community_id: alphaId } } },
    ]);
    // The same filter naming Beta finds nothing: a relationship filter carries the related table's permission.
    const foreign = await bob.graphql(`{ blocks(where: {mobilization: {community_id: {_eq: ${alphaId}}}}) { id } }`);
    expect(foreign.body.data.blocks).toEqual([]);
  });

  it('read jsonb paths, array relationships with their own arguments, and aggregates with nodes', async () => {
    const res = await alice.graphql(
      `query Z($c: Int!) {
        dns_hosted_zones(where: {community_id: {_eq: $c}, is_external_domain: {_eq: false}}) {
          id zone: hosted_zone(path: "HostedZone.Id") servers: delegation_set(path: "NameServers[1]")
          community { name } dns_records(where: {record_type: {_eq: "CNAME"}}) { name value }
          dns_records_aggregate { aggregate { count } }
        }
        community_users_aggregate(where: {community_id: {_eq: $c}}, order_by: {role: asc}) {
          nodes { role user { first_name email } } aggregate { count }
        }
        paid: donations_aggregate(where: {_and: [{community_id: {_eq: $c}}, {status: {_eq: "paid"}}]}) {
          aggregate { count sum { amount } max { amount } }
        }
        acted: activist_pressures_aggregate(distinct_on: activist_id) { aggregate { count(columns: activist_id, distinct: true) } }
      }`,
      { c: alphaId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.dns_hosted_zones).toEqual([
      {
        id: zoneId,
        zone: '/hostedzone/Alpha',
        servers: 'ns2.example.net',
        community: { name: 'Alpha' },
        dns_records: [{ name: 'www', value: 'x' }],
        dns_records_aggregate: { aggregate: { count: 1 } },
      },
    ]);
    expect(res.body.data.community_users_aggregate).toEqual({
      nodes: [
        { role: 1, user: { first_name: 'Alice', email: 'surface-alice@example.org' } },
        { role: 2, user: { first_name: 'Mob', email: 'surface-mob@example.org' } },
      ],
      aggregate: { count: 2 },
    });
    expect(res.body.data.paid.aggregate).toEqual({ count: 1, sum: { amount: 5000 }, max: { amount: 5000 } });
    expect(res.body.data.acted.aggregate.count).toBe(1);
  });

  it('remove a block and its widgets with update_*(_set: {deleted_at}), as the original does', async () => {
    const [first] = blockIds;
    const removed = await alice.graphql(
      `mutation R($id: Int!) {
        update_blocks_by_pk(pk_columns: {id: $id}, _set: {deleted_at: "now()"}) { id deleted_at }
        update_widgets(where: {block_id: {_eq: $id}}, _set: {deleted_at: "now()"}) { affected_rows }
      }`,
      { id: first },
    );
    expect(removed.body.errors).toBeUndefined();
    expect(removed.body.data.update_blocks_by_pk.deleted_at).toEqual(expect.any(String));
    expect(removed.body.data.update_widgets.affected_rows).toBe(2);
    const left = await alice.graphql(
      `{ blocks(where: {mobilization_id: {_eq: ${pageId}}}, order_by: {position: asc}) { id position widgets { id } } }`,
    );
    // The blocks below moved up, and the removed block's widgets are gone with it.
    expect(left.body.data.blocks.map((b: { position: number }) => b.position)).toEqual([1, 2]);
    expect(left.body.data.blocks.map((b: { id: number }) => b.id)).toEqual(blockIds.slice(1));
    // A value that is no date is refused, naming nothing it should not.
    const bad = await alice.graphql(
      `mutation { update_widgets(where: {block_id: {_eq: ${blockIds[1]}}}, _set: {deleted_at: "now!"}) { affected_rows } }`,
    );
    expect(bad.body.errors[0].message).toBe('Um dos valores enviados não é válido.');
  });

  it('update widgets by the REST rules: settings are checked against the kind, mobilizers may edit', async () => {
    const widget = (await mob.graphql(`{ widgets(where: {block_id: {_eq: ${blockIds[1]}}}) { id kind } }`)).body.data
      .widgets[0];
    const ok = await mob.graphql(
      `mutation U($id: Int!, $w: widgets_set_input!) { update_widgets_by_pk(pk_columns: {id: $id}, _set: $w) { id settings(path: "title_text") } }`,
      { id: widget.id, w: { settings: { title_text: 'Pressione já' } } },
    );
    expect(ok.body.data.update_widgets_by_pk).toEqual({ id: widget.id, settings: 'Pressione já' });
    const bad = await mob.graphql(
      `mutation U($id: Int!) { update_widgets_by_pk(pk_columns: {id: $id}, _set: {kind: "no-such-kind"}) { id } }`,
      { id: widget.id },
    );
    expect(bad.body.errors[0].extensions.code).toBe('validation-failed');
    expect(bad.body.errors[0].extensions.fields).toHaveProperty('kind');
  });

  it('merge settings with update_widgets(_append), and read the original’s one-to-one and computed fields', async () => {
    const [widget] = (await alice.graphql(`{ widgets(where: {block_id: {_eq: ${blockIds[2]}}}) { id } }`)).body.data
      .widgets;
    const doc = `mutation S($settings: jsonb!, $id: Int_comparison_exp!) {
      update_widgets(_append: {settings: $settings}, where: {id: $id}) { returning { id settings } }
    }`;
    await alice.graphql(doc, { settings: { content: 'Primeiro' }, id: { _eq: widget.id } });
    const merged = await alice.graphql(doc, { settings: { title: 'Segundo' }, id: { _eq: widget.id } });
    // The second call adds its key to what the first stored, as jsonb `||` does.
    expect(merged.body.data.update_widgets.returning).toEqual([
      { id: widget.id, settings: { content: 'Primeiro', title: 'Segundo' } },
    ]);
    const res = await alice.graphql(`{
      communities(where: {id: {_eq: ${alphaId}}}) { recipient { id bank: recipient(path: "bank_account.bank_code") day: recipient(path: "transfer_day") } }
      widgets(where: {kind: {_eq: "pressure"}}) { activist_actions_aggregate { aggregate { count } } }
    }`);
    expect(res.body.data.communities).toEqual([{ recipient: { id: expect.any(Number), bank: '001', day: 5 } }]);
    expect(res.body.data.widgets).toEqual([{ activist_actions_aggregate: { aggregate: { count: 1 } } }]);
  });

  it('update communities with update_communities(where, _set), by any member', async () => {
    const doc = `mutation C($id: Int!, $f: communities_set_input!) {
      update_communities(_set: $f, where: {id: {_eq: $id}}) { affected_rows returning { id city mailchimp_api_key } }
    }`;
    const byMobilizer = await mob.graphql(doc, { id: alphaId, f: { city: 'Recife' } });
    expect(byMobilizer.body.data.update_communities).toMatchObject({ affected_rows: 1 });
    const byStranger = await bob.graphql(doc, { id: alphaId, f: { city: 'Natal' } });
    expect(byStranger.body.data.update_communities).toEqual({ affected_rows: 0, returning: [] });
    const byAdmin = await alice.graphql(doc, { id: alphaId, f: { city: 'Olinda' } });
    expect(byAdmin.body.data.update_communities).toEqual({
      affected_rows: 1,
      returning: [{ id: alphaId, city: 'Olinda', mailchimp_api_key: null }],
    });
    const bad = await alice.graphql(doc, { id: alphaId, f: { name: '' } });
    expect(bad.body.errors[0].extensions.fields).toHaveProperty('name');
  });

  it('apply a template with copy_template_mobilization(args: {...}) and bigint variables', async () => {
    const template = (await alice.graphql('{ template_mobilizations { id name } }')).body.data.template_mobilizations;
    expect(template).toEqual([{ id: expect.any(Number), name: 'Modelo de Alpha' }]);
    const res = await alice.graphql(
      `mutation Copy($p_mobilization_id: bigint!, $p_template_mobilization_id: bigint!) {
        copy_template_mobilization(args: {p_mobilization_id: $p_mobilization_id, p_template_mobilization_id: $p_template_mobilization_id}) {
          id name community_id
        }
      }`,
      { p_mobilization_id: pageId, p_template_mobilization_id: template[0].id },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.copy_template_mobilization).toEqual([
      { id: pageId, name: 'Página de Alpha', community_id: alphaId },
    ]);
    const copied = await alice.graphql(
      `{ blocks(where: {mobilization_id: {_eq: ${pageId}}}, order_by: {position: asc}) { name } }`,
    );
    expect(copied.body.data.blocks.at(-1)).toEqual({ name: 'Topo' });
    const foreign = await bob.graphql(
      `mutation { copy_template_mobilization(args: {p_mobilization_id: ${pageId}, p_template_mobilization_id: ${template[0].id}}) { id } }`,
    );
    expect(foreign.body.data).toBeUndefined();
    expect(foreign.body.errors[0].extensions.code).toBe('not-found');
  });
});
