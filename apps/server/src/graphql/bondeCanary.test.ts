import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import {
  dnsHostedZones,
  dnsRecords,
  invitations,
  mailchimpSyncs,
  outbox,
  recipients,
  subscriptions,
  uploads,
} from '../db/schema';
import { createActivist, createCommunity, createDonation, createSubscription, createUser } from '../seed/factories';

/*
 * Bonde's canary (and admin) clients' actions and fields over our model, with documents written here after the
 * clients' operations (the same root fields, arguments and input types): uploads, domains, the Mailchimp resync,
 * invitations, the recipient and the subscriptions search. Another community's rows are absent, never an error.
 */

const APP_URL = 'https://admin.mutirao.test';
let server: TestServer;
let alice: Client; // admin of Alpha
let mob: Client; // mobilizer of Alpha
let bob: Client; // admin of Beta only
let alphaId: number;
let betaId: number;
let aliceId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { APP_URL } });
  const { db } = server.ctx;
  const a = await createUser(db, { email: 'canary-alice@example.org', firstName: 'Alice' });
  const m = await createUser(db, { email: 'canary-mob@example.org' });
  const b = await createUser(db, { email: 'canary-bob@example.org' });
  aliceId = a.id;
  alphaId = (await createCommunity(db, { name: 'Alpha', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  betaId = (await createCommunity(db, { name: 'Beta', ownerId: b.id })).id;
  alice = await signIn(server, a.email);
  mob = await signIn(server, m.email);
  bob = await signIn(server, b.email);
});
afterAll(() => server.close());

const EN = { 'accept-language': 'en' };

describe('upload_s3', () => {
  const UPLOAD = `mutation ($filename: String!, $content_type: String!) {
    upload_s3(filename: $filename, content_type: $content_type) { signed_url url }
  }`;

  it('signs a PUT under APP_URL, never the request host, and the file can be sent to it', async () => {
    const res = await alice.graphql(UPLOAD, { filename: 'Cartaz da Ação.gif', content_type: 'image/gif' });
    expect(res.body.errors).toBeUndefined();
    const { signed_url, url } = res.body.data.upload_s3;
    expect(signed_url.startsWith(`${APP_URL}/uploads/`)).toBe(true);
    expect(signed_url).not.toContain('127.0.0.1');
    expect(url).toBe(signed_url.slice(0, signed_url.indexOf('?')));
    const [row] = await server.ctx.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row?.userId).toBe(aliceId);
    // The same path and signature, on this test server's address: the stored file is then served at `url`'s path.
    const gif = readFileSync(join(import.meta.dirname, '../../test/fixtures/ok-640x320.gif'));
    const put = await fetch(`${server.url}${signed_url.slice(APP_URL.length)}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/gif' },
      body: gif,
    });
    expect(put.status).toBe(200);
    const get = await fetch(`${server.url}${url.slice(APP_URL.length)}`);
    expect(get.status).toBe(200);
  });

  it('refuses what is not an image, naming the field in the caller language', async () => {
    const res = await alice.graphql(UPLOAD, { filename: 'notas.pdf', content_type: 'application/pdf' }, EN);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors[0].extensions.fields.content_type).toHaveLength(1);
    expect(res.body.errors[0].message).toMatch(/image/i);
  });
});

describe('domains', () => {
  const ZONES = `query DNS($communityId: Int!) {
    dns_hosted_zones(where: {community_id: {_eq: $communityId}, is_external_domain: {_eq: false}}) {
      id community { id name } comment domain_name ns_ok status
      hosted_zone_rest: response(path: "hosted_zone")
      hosted_zone: response(path: "HostedZone")
      name_servers_rest: response(path: "delegation_set.name_servers")
      name_servers: response(path: "DelegationSet.NameServers")
      dns_records { id name value record_type comment ttl }
    }
  }`;
  const CREATE = `mutation ($domain: DomainInput) {
    create_domain(domain: $domain) {
      comment community_id created_at domain_name id name_servers status ns_ok updated_at
    }
  }`;
  const DELETE = `mutation ($domain: DeleteDomainInput!) { delete_domain(domain: $domain) { id status } }`;
  const RECORD = `mutation ($input: RecordInput) {
    create_record(record: $input) { name dns_hosted_zone_id record_type value ttl comment }
  }`;
  const DELETE_RECORDS = `mutation ($records: DeleteRecordsInput) {
    delete_records(records: $records) { dns_hosted_zone_id records }
  }`;
  const record = (zoneId: number, extra: Record<string, unknown> = {}) => ({
    name: 'www.horta-viva.org',
    value: ['203.0.113.7'],
    ttl: 300,
    record_type: 'A',
    hosted_zone_id: 'Z1',
    dns_hosted_zone_id: zoneId,
    community_id: alphaId,
    ...extra,
  });

  it('creates a domain, lists it with its Route 53 answer, adds and removes records, then deletes it', async () => {
    const created = await alice.graphql(CREATE, {
      domain: { domain_name: 'Horta-Viva.org', community_id: alphaId, comment: 'campanha' },
    });
    expect(created.body.errors).toBeUndefined();
    const zone = created.body.data.create_domain;
    expect(zone).toMatchObject({
      domain_name: 'horta-viva.org',
      community_id: alphaId,
      status: 'created',
      ns_ok: false,
    });
    expect(zone.name_servers.length).toBeGreaterThan(0);

    const rec = await alice.graphql(RECORD, { input: record(zone.id) });
    expect(rec.body.errors).toBeUndefined();
    expect(rec.body.data.create_record).toEqual({
      name: 'www.horta-viva.org',
      dns_hosted_zone_id: zone.id,
      record_type: 'A',
      value: ['203.0.113.7'],
      ttl: 300,
      comment: null,
    });

    const listed = (await alice.graphql(ZONES, { communityId: alphaId })).body.data.dns_hosted_zones;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: zone.id,
      community: { id: alphaId, name: 'Alpha' },
      comment: null,
      hosted_zone_rest: null,
      name_servers_rest: null,
      name_servers: zone.name_servers,
    });
    expect(listed[0].hosted_zone.Name).toBe('horta-viva.org.');
    expect(listed[0].dns_records).toEqual([expect.objectContaining({ name: 'www.horta-viva.org', comment: null })]);
    // Another community sees nothing of it.
    expect((await bob.graphql(ZONES, { communityId: alphaId })).body.data.dns_hosted_zones).toEqual([]);

    const recordId = listed[0].dns_records[0].id;
    const strangerDelete = await bob.graphql(DELETE_RECORDS, {
      records: { dns_hosted_zone_id: zone.id, records: [recordId], community_id: alphaId },
    });
    expect(strangerDelete.body).toEqual({ data: { delete_records: null } });
    const removed = await alice.graphql(DELETE_RECORDS, {
      records: { dns_hosted_zone_id: zone.id, records: [recordId, 999999], community_id: alphaId },
    });
    expect(removed.body.data.delete_records).toEqual({ dns_hosted_zone_id: zone.id, records: [recordId] });
    expect(await server.ctx.db.select().from(dnsRecords).where(eq(dnsRecords.dnsHostedZoneId, zone.id))).toEqual([]);

    expect(
      (await bob.graphql(DELETE, { domain: { dns_hosted_zone_id: zone.id, community_id: alphaId } })).body,
    ).toEqual({ data: { delete_domain: null } });
    const deleted = await alice.graphql(DELETE, { domain: { dns_hosted_zone_id: zone.id, community_id: alphaId } });
    expect(deleted.body.data.delete_domain).toEqual({ id: zone.id, status: 'deleted' });
    expect(await server.ctx.db.select().from(dnsHostedZones).where(eq(dnsHostedZones.id, zone.id))).toEqual([]);
  });

  it('keeps the REST checks and messages, and who may act', async () => {
    const bad = await alice.graphql(CREATE, { domain: { domain_name: 'não é domínio', community_id: alphaId } });
    expect(bad.body.errors[0].extensions.fields.domain_name).toEqual(['Domínio inválido']);
    // Every member manages the community's domains, as in REST (spec 01: the same access).
    const byMobilizer = await mob.graphql(CREATE, { domain: { domain_name: 'mob.org', community_id: alphaId } });
    const mobZone = byMobilizer.body.data.create_domain;
    expect(mobZone.domain_name).toBe('mob.org');
    await mob.graphql(DELETE, { domain: { dns_hosted_zone_id: mobZone.id, community_id: alphaId } });
    const byStranger = await bob.graphql(CREATE, { domain: { domain_name: 'outro.org', community_id: alphaId } });
    expect(byStranger.body).toEqual({ data: { create_domain: null } });
    expect(await server.ctx.db.select().from(dnsHostedZones).where(eq(dnsHostedZones.communityId, alphaId))).toEqual(
      [],
    );

    const zone = (await alice.graphql(CREATE, { domain: { domain_name: 'checagem.org', community_id: alphaId } })).body
      .data.create_domain;
    const outside = await alice.graphql(RECORD, { input: record(zone.id, { name: 'www.outro.org' }) }, EN);
    expect(outside.body.errors[0].extensions.fields.name[0]).toContain('checagem.org');
    const badValue = await alice.graphql(RECORD, { input: record(zone.id, { name: 'checagem.org', value: ['x'] }) });
    expect(badValue.body.errors[0].extensions.fields.value).toHaveLength(1);
  });
});

describe('Mailchimp resync', () => {
  const STATUS = `query ($id: Int!, $is_community: Boolean!) {
    resync_mailchimp_status(is_community: $is_community, id: $id) { completed failed last_sync waiting active status }
  }`;
  const START = `mutation ($id: Int!, $is_community: Boolean!) {
    resync_mailchimp_start(is_community: $is_community, id: $id) { status }
  }`;

  it('starts the community resync for its members and reports its progress', async () => {
    const before = await alice.graphql(START, { id: alphaId, is_community: true }, EN);
    expect(before.body.errors[0].extensions.fields.mailchimp_list_id).toHaveLength(1);
    const saved = await alice.put(`/api/communities/${alphaId}/mailchimp`, {
      mailchimp: { mailchimp_api_key: `${'a1'.repeat(16)}-us21`, mailchimp_list_id: 'ab12cd34ef' },
    });
    expect(saved.status).toBe(200);
    for (const email of ['ana@example.org', 'joão@example.org'])
      await createActivist(server.ctx.db, { communityId: alphaId, email });

    expect((await bob.graphql(START, { id: alphaId, is_community: true })).body).toEqual({
      data: { resync_mailchimp_start: null },
    });
    expect((await bob.graphql(STATUS, { id: alphaId, is_community: true })).body).toEqual({
      data: { resync_mailchimp_status: null },
    });

    const started = await alice.graphql(START, { id: alphaId, is_community: true });
    expect(started.body.data.resync_mailchimp_start).toEqual({ status: 'started to add contacts to the queue' });
    await eventually(async () => {
      const [row] = await server.ctx.db.select().from(mailchimpSyncs).where(eq(mailchimpSyncs.communityId, alphaId));
      return row?.resyncStatus === 'done';
    });
    const status = (await mob.graphql(STATUS, { id: alphaId, is_community: true }, EN)).body.data
      .resync_mailchimp_status;
    expect(status).toMatchObject({ completed: 2, waiting: 0, failed: 0, active: 0 });
    expect(status.status).toMatch(/2 activists/);
    expect(new Date(status.last_sync).getTime()).toBeGreaterThan(0);

    const widget = await alice.graphql(STATUS, { id: alphaId, is_community: false });
    expect(widget.body.errors[0].extensions.fields.is_community).toHaveLength(1);
  });
});

describe('invitations', () => {
  const SEND = `mutation SendInvitation($input: InvitationInput) {
    send_invitation(input: $input) { user_id id role created_at updated_at community { id name } code }
  }`;
  const LIST = `query InvitationsByCommunity($communityId: Int!) {
    invitations_aggregate(
      where: {community_id: {_eq: $communityId}, expired: {_neq: true}}, order_by: {created_at: desc_nulls_last}
    ) {
      nodes { id user { first_name email } created_at role email expired expires }
      aggregate { count }
    }
    community_users_aggregate(where: {community_id: {_eq: $communityId}}) {
      nodes { id user { id avatar first_name last_name email } role community_id }
      aggregate { count }
    }
  }`;

  it('invites by mail with a link from APP_URL, and lists open invitations only', async () => {
    const res = await alice.graphql(SEND, {
      input: { community_id: alphaId, email: 'Nova.Pessoa@example.org', role: 2, user_id: 12345 },
    });
    expect(res.body.errors).toBeUndefined();
    const sent = res.body.data.send_invitation;
    expect(sent).toMatchObject({ user_id: aliceId, role: 2, community: { id: alphaId, name: 'Alpha' }, code: null });
    // Sent once the document committed (the outbox's nudge), by the configured mail driver.
    const mail = await eventually(async () => {
      const [row] = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'nova.pessoa@example.org'));
      return row?.status === 'sent' && row;
    });
    expect(mail.text).toContain(`${APP_URL}/invitation/`);

    // An expired and a revoked one are left out by `expired: {_neq: true}`.
    const old = await alice.graphql(SEND, { input: { community_id: alphaId, email: 'antiga@example.org' } });
    await server.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, old.body.data.send_invitation.id));
    const gone = await alice.graphql(SEND, { input: { community_id: alphaId, email: 'revogada@example.org' } });
    await server.ctx.db
      .update(invitations)
      .set({ revokedAt: new Date() })
      .where(eq(invitations.id, gone.body.data.send_invitation.id));

    const list = (await alice.graphql(LIST, { communityId: alphaId })).body.data;
    expect(list.invitations_aggregate.aggregate.count).toBe(1);
    expect(list.invitations_aggregate.nodes).toEqual([
      expect.objectContaining({
        id: sent.id,
        email: 'nova.pessoa@example.org',
        expired: false,
        user: { first_name: 'Alice', email: 'canary-alice@example.org' },
      }),
    ]);
    expect(new Date(list.invitations_aggregate.nodes[0].expires).getTime()).toBeGreaterThan(Date.now());
    const all = await alice.graphql(
      `query ($c: Int!) { invitations(where: {community_id: {_eq: $c}, expired: {_eq: true}}) { email expired } }`,
      { c: alphaId },
    );
    expect(all.body.data.invitations.map((i: { email: string }) => i.email).sort()).toEqual([
      'antiga@example.org',
      'revogada@example.org',
    ]);
    expect(list.community_users_aggregate.aggregate.count).toBe(2);

    // Another community gets nothing, sends nothing.
    expect((await bob.graphql(LIST, { communityId: alphaId })).body.data.invitations_aggregate.aggregate.count).toBe(0);
    const stranger = await bob.graphql(SEND, { input: { community_id: alphaId, email: 'intrusa@example.org' } });
    expect(stranger.body).toEqual({ data: { send_invitation: null } });
    expect(await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'intrusa@example.org'))).toEqual([]);
  });

  it('answers the REST messages: a bad e-mail, a member, an admin invite by a mobilizer', async () => {
    const bad = await alice.graphql(SEND, { input: { community_id: alphaId, email: 'sem-arroba' } }, EN);
    expect(Object.keys(bad.body.errors[0].extensions.fields)).toEqual(['email']);
    const member = await alice.graphql(SEND, { input: { community_id: alphaId, email: 'canary-mob@example.org' } });
    expect(member.body.errors[0].extensions.fields.email).toHaveLength(1);
    const admin = await mob.graphql(SEND, { input: { community_id: alphaId, email: 'chefe@example.org', role: 1 } });
    expect(admin.body.errors[0].extensions.fields.role).toHaveLength(1);
  });
});

describe('create_or_update_recipient', () => {
  const UPSERT = `mutation UpInsertRecipient($input: RecipientEntityInput) {
    create_or_update_recipient(input: $input) {
      id community_id
      recipient {
        id object transfer_day transfer_enabled transfer_interval
        bank_account {
          id object type bank_code conta conta_dv agencia agencia_dv legal_name document_type document_number
        }
      }
    }
  }`;
  const BANK = {
    bank_code: '341',
    agencia: '0932',
    agencia_dv: '5',
    conta: '58054',
    conta_dv: '1',
    type: 'conta_corrente',
    legal_name: 'Horta Viva',
    document_number: '11222333000181',
    document_type: 'cnpj',
  };
  const input = (communityId: number, recipient: Record<string, unknown>) => ({
    id: null,
    community_id: communityId,
    recipient: { id: null, transfer_enabled: true, ...recipient },
  });

  it('saves the recipient through the provider for admins only', async () => {
    const recipient = { transfer_interval: 'weekly', transfer_day: '3', bank_account: BANK };
    const res = await alice.graphql(UPSERT, { input: input(alphaId, recipient) });
    expect(res.body.errors).toBeUndefined();
    const saved = res.body.data.create_or_update_recipient;
    expect(saved).toMatchObject({
      community_id: alphaId,
      recipient: {
        object: 'recipient',
        transfer_day: 3,
        transfer_interval: 'weekly',
        transfer_enabled: true,
        bank_account: { object: 'bank_account', bank_code: '341', document_type: 'cnpj', legal_name: 'Horta Viva' },
      },
    });
    expect(saved.recipient.id).toEqual(expect.any(String));
    const [row] = await server.ctx.db.select().from(recipients).where(eq(recipients.communityId, alphaId));
    expect(row?.transferDay).toBe(3);

    const byMobilizer = await mob.graphql(UPSERT, { input: input(alphaId, recipient) });
    expect(byMobilizer.body.data).toBeUndefined();
    expect(byMobilizer.body.errors).toHaveLength(1);
    expect((await bob.graphql(UPSERT, { input: input(alphaId, recipient) })).body).toEqual({
      data: { create_or_update_recipient: null },
    });
  });

  it('names the field the REST form names', async () => {
    const res = await alice.graphql(UPSERT, {
      input: input(alphaId, { transfer_interval: 'weekly', transfer_day: 7, bank_account: { ...BANK, agencia: 'x' } }),
    });
    expect(Object.keys(res.body.errors[0].extensions.fields).sort()).toEqual(['bank_account.agencia', 'transfer_day']);
  });
});

describe('subscriptions search', () => {
  const SEARCH = `query ($filters: [activists_bool_exp!]) {
    subscriptions(where: {activist: {_or: $filters}, payment_method: {_eq: "credit_card"}}) {
      id token created_at
      email: customer_data(path: "email")
      activist { name email }
      widget { block { mobilization { name } } }
    }
  }`;

  it('finds card subscriptions by the donor, with no token and no card data', async () => {
    const { db } = server.ctx;
    const donor = await createActivist(db, { communityId: alphaId, email: 'doadora@example.org', name: 'Doadora' });
    const customer = { name: 'Doadora', email: 'doadora@example.org' };
    const card = await createSubscription(db, {
      communityId: alphaId,
      amount: 3000,
      activistId: donor.id,
      customer,
      cardData: { card_id: 'card_1', brand: 'visa', last_digits: '4242' },
    });
    const boleto = await createSubscription(db, { communityId: alphaId, amount: 2000, activistId: donor.id, customer });
    const first = await createDonation(db, {
      communityId: alphaId,
      amount: 2000,
      paymentMethod: 'boleto',
      activistId: donor.id,
      subscriptionId: boleto.id,
    });
    await db.update(subscriptions).set({ originDonationId: first.id }).where(eq(subscriptions.id, boleto.id));
    const betaDonor = await createActivist(db, { communityId: betaId, email: 'doadora@example.org' });
    await createSubscription(db, { communityId: betaId, amount: 1000, activistId: betaDonor.id, customer });

    const filters = [{ email: { _ilike: '%doadora%' } }];
    const found = (await alice.graphql(SEARCH, { filters })).body;
    expect(found.errors).toBeUndefined();
    expect(found.data.subscriptions).toEqual([
      expect.objectContaining({
        id: card.id,
        token: null,
        email: 'doadora@example.org',
        activist: { name: 'Doadora', email: 'doadora@example.org' },
      }),
    ]);
    const boletos = await alice.graphql(
      `query { subscriptions(where: {payment_method: {_eq: "boleto"}}) { id payment_method } }`,
    );
    expect(boletos.body.data.subscriptions).toEqual([{ id: boleto.id, payment_method: 'boleto' }]);
    // Bob sees his own community's only.
    const bobs = (await bob.graphql(SEARCH, { filters })).body.data.subscriptions;
    expect(bobs).toHaveLength(1);
    expect(bobs[0].id).not.toBe(card.id);
  });
});
