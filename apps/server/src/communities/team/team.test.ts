import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, signIn, startTestServer, type TestServer } from '../../../test/harness';
import { communityUsers, invitations, outbox } from '../../db/schema';
import { createCommunity, createUser } from '../../seed/factories';

let server: TestServer;
let admin: Client;
let mobilizer: Client;
let stranger: Client;
let communityId: number;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.ctx;
  const [a, m] = await Promise.all([
    createUser(db, { email: 'team-admin@example.org', firstName: 'Ana' }),
    createUser(db, { email: 'team-mob@example.org', firstName: 'Mia' }),
    createUser(db, { email: 'team-stranger@example.org' }),
  ]);
  adminId = a.id;
  communityId = (await createCommunity(db, { name: 'Rede', ownerId: a.id, members: [{ userId: m.id, role: 2 }] })).id;
  [admin, mobilizer, stranger] = await Promise.all([
    signIn(server, 'team-admin@example.org'),
    signIn(server, 'team-mob@example.org'),
    signIn(server, 'team-stranger@example.org'),
  ]);
});
afterAll(() => server.close());

const invite = (client: Client, invitation: unknown, id = communityId) =>
  client.post(`/api/communities/${id}/invitation`, { invitation });

/** The code in the latest invitation e-mail to an address (the sandbox mailbox keeps every message). */
async function codeMailedTo(email: string): Promise<string> {
  const [mail] = await server.ctx.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.toAddress, email))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /\/invitation\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no invitation mailed to ${email}`);
  return code;
}

async function newcomer(email: string, name = 'Nova') {
  await createUser(server.ctx.db, { email, firstName: name });
  return signIn(server, email);
}

describe('POST /api/communities/:id/invitation', () => {
  it('asks for an e-mail, and a valid one, in the caller’s language', async () => {
    const empty = await invite(admin, { email: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ errors: { email: ['Informe o e-mail de quem você quer convidar'] } });
    const bad = await invite(admin, { email: 'not-an-email', role: 7 });
    expect(bad.body.errors).toEqual({
      email: ['E-mail inválido'],
      role: ['Escolha um papel: administração (1) ou mobilização (2)'],
    });
    const es = await admin.post(
      `/api/communities/${communityId}/invitation`,
      { invitation: { email: 'x' } },
      { 'accept-language': 'es' },
    );
    expect(es.body.errors.email).toEqual(['Correo electrónico inválido']);
    expect((await admin.post(`/api/communities/${communityId}/invitation`, { email: 'a@b.org' })).status).toBe(400);
  });

  it('invites as mobilizer (role 2) unless told otherwise, and mails a link to the admin app', async () => {
    const res = await invite(admin, { email: 'Convidada@Example.org' });
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({ email: 'convidada@example.org', role: 2, expired: false });
    expect(res.body.invitation).not.toHaveProperty('code_hash');
    const [mail] = await server.ctx.db.select().from(outbox).where(eq(outbox.toAddress, 'convidada@example.org'));
    expect(mail?.subject).toBe('Convite para a comunidade Rede');
    expect(mail?.text).toContain('Ana convidou você');
    expect(mail?.text).toMatch(/http:\/\/localhost:\d+\/invitation\/[\w-]{43}\n/);
  });

  it('lets a mobilizer invite a mobilizer but not an admin; an admin may invite an admin', async () => {
    expect((await invite(mobilizer, { email: 'by-mob@example.org' })).status).toBe(201);
    const refused = await invite(mobilizer, { email: 'boss@example.org', role: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      errors: { role: ['Só quem administra a comunidade pode convidar, promover ou remover quem administra.'] },
    });
    const ok = await invite(admin, { email: 'boss@example.org', role: '1' });
    expect(ok.status).toBe(201);
    expect(ok.body.invitation.role).toBe(1);
  });

  it('refuses someone already in the community on the e-mail field', async () => {
    const res = await invite(mobilizer, { email: 'TEAM-ADMIN@example.org' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { email: ['Esta pessoa já faz parte da comunidade.'] } });
  });

  it('answers a stranger, and a missing community, with the same 404', async () => {
    const foreign = await invite(stranger, { email: 'x@example.org' });
    const missing = await invite(stranger, { email: 'x@example.org' }, 999_999);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect((await new Client(server.url).post(`/api/communities/${communityId}/invitation`, {})).status).toBe(401);
  });
});

describe('accepting an invitation', () => {
  it('a signed-in user with the invited e-mail joins at once, with the invitation’s role, once', async () => {
    const joiner = await newcomer('joiner@example.org');
    await invite(admin, { email: 'joiner@example.org' });
    const code = await codeMailedTo('joiner@example.org');
    const about = await new Client(server.url).get(`/api/invitations/${code}`);
    expect(about.body.invitation).toMatchObject({
      email: 'joiner@example.org',
      role: 2,
      community: { id: communityId, name: 'Rede' },
      invited_by: 'Ana',
      status: 'pending',
      account_exists: true,
    });
    const res = await joiner.post(`/api/invitations/${code}/accept`);
    expect(res.status).toBe(200);
    expect(res.body.community).toMatchObject({ id: communityId, name: 'Rede', role: 2 });
    expect((await joiner.get(`/api/communities/${communityId}`)).status).toBe(200);
    const again = await joiner.post(`/api/invitations/${code}/accept`);
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ errors: ['Este convite já foi usado.'] });
    expect((await joiner.get(`/api/invitations/${code}`)).body.invitation.status).toBe('accepted');
  });

  it('refuses a user signed in with another e-mail, saying whom it is for', async () => {
    await invite(admin, { email: 'someone@example.org' });
    const code = await codeMailedTo('someone@example.org');
    const res = await stranger.post(`/api/invitations/${code}/accept`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      errors: ['Este convite é para someone@example.org. Entre com essa conta para aceitá-lo.'],
    });
    expect((await stranger.get(`/api/communities/${communityId}`)).status).toBe(404);
    expect((await new Client(server.url).post(`/api/invitations/${code}/accept`)).status).toBe(401);
  });

  it('someone with no account registers with the invited e-mail and joins', async () => {
    await invite(admin, { email: 'fresh@example.org' });
    const code = await codeMailedTo('fresh@example.org');
    const visitor = new Client(server.url);
    expect((await visitor.get(`/api/invitations/${code}`)).body.invitation.account_exists).toBe(false);
    const signUp = await visitor.post('/api/auth/sign_up', {
      user: { name: 'Fê', email: 'fresh@example.org', password: 'password123', password_confirmation: 'password123' },
    });
    expect(signUp.status).toBe(201);
    const res = await visitor.post(`/api/invitations/${code}/accept`);
    expect(res.body.community).toMatchObject({ id: communityId, role: 2 });
    const members = await admin.get(`/api/communities/${communityId}/members`);
    expect(members.body.members).toContainEqual(
      expect.objectContaining({ name: 'Fê', email: 'fresh@example.org', role: 2, joined_at: expect.any(String) }),
    );
  });

  it('an invitation to role 1 makes an admin', async () => {
    const boss = await newcomer('boss2@example.org');
    await invite(admin, { email: 'boss2@example.org', role: 1 });
    const res = await boss.post(`/api/invitations/${await codeMailedTo('boss2@example.org')}/accept`);
    expect(res.body.community.role).toBe(1);
  });

  it('a resend mails a new code and kills the old one', async () => {
    const first = await invite(admin, { email: 'resend@example.org' });
    const old = await codeMailedTo('resend@example.org');
    const path = `/api/communities/${communityId}/invitations/${first.body.invitation.id}/resend`;
    expect((await stranger.post(path)).status).toBe(404);
    const res = await mobilizer.post(path);
    expect(res.status).toBe(200);
    const fresh = await codeMailedTo('resend@example.org');
    expect(fresh).not.toBe(old);
    const gone = await new Client(server.url).get(`/api/invitations/${old}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]).toMatch(/^Este convite não vale mais/);
    const user = await newcomer('resend@example.org');
    expect((await user.post(`/api/invitations/${old}/accept`)).status).toBe(404);
    expect((await user.post(`/api/invitations/${fresh}/accept`)).status).toBe(200);
  });

  it('inviting the same address again replaces the open invitation', async () => {
    await invite(admin, { email: 'twice@example.org' });
    const old = await codeMailedTo('twice@example.org');
    await invite(mobilizer, { email: 'twice@example.org' });
    const fresh = await codeMailedTo('twice@example.org');
    expect(fresh).not.toBe(old);
    const rows = await server.ctx.db.select().from(invitations).where(eq(invitations.email, 'twice@example.org'));
    expect(rows).toHaveLength(1);
    expect((await new Client(server.url).get(`/api/invitations/${old}`)).status).toBe(404);
  });

  it('a revoked invitation says so and cannot be used; only a member of the community revokes it', async () => {
    const res = await invite(admin, { email: 'revoked@example.org' });
    const code = await codeMailedTo('revoked@example.org');
    const path = `/api/communities/${communityId}/invitations/${res.body.invitation.id}`;
    expect((await stranger.delete(path)).status).toBe(404);
    expect((await mobilizer.delete(path)).status).toBe(204);
    expect((await mobilizer.delete(path)).status).toBe(404);
    const list = await admin.get(`/api/communities/${communityId}/invitations`);
    expect(list.body.invitations.map((i: { email: string }) => i.email)).not.toContain('revoked@example.org');
    expect((await new Client(server.url).get(`/api/invitations/${code}`)).body.invitation.status).toBe('revoked');
    const user = await newcomer('revoked@example.org');
    const accept = await user.post(`/api/invitations/${code}/accept`);
    expect(accept.status).toBe(410);
    expect(accept.body).toEqual({ errors: ['Este convite foi cancelado por quem convidou.'] });
  });

  it('a mobilizer may not resend or revoke an invitation to role 1', async () => {
    const res = await invite(admin, { email: 'boss3@example.org', role: 1 });
    const path = `/api/communities/${communityId}/invitations/${res.body.invitation.id}`;
    expect((await mobilizer.delete(path)).status).toBe(403);
    expect((await mobilizer.post(`${path}/resend`)).status).toBe(403);
  });

  it('an expired invitation says so and cannot be used; a resend revives it', async () => {
    const res = await invite(admin, { email: 'late@example.org' });
    const code = await codeMailedTo('late@example.org');
    await server.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, res.body.invitation.id));
    const list = await admin.get(`/api/communities/${communityId}/invitations`);
    expect(list.body.invitations.find((i: { email: string }) => i.email === 'late@example.org').expired).toBe(true);
    expect((await new Client(server.url).get(`/api/invitations/${code}`)).body.invitation.status).toBe('expired');
    const user = await newcomer('late@example.org');
    const accept = await user.post(`/api/invitations/${code}/accept`);
    expect(accept.status).toBe(410);
    expect(accept.body).toEqual({ errors: ['Este convite expirou. Peça um novo a quem convidou você.'] });
    await admin.post(`/api/communities/${communityId}/invitations/${res.body.invitation.id}/resend`);
    expect((await user.post(`/api/invitations/${await codeMailedTo('late@example.org')}/accept`)).status).toBe(200);
  });

  it('an unknown or malformed code is a 404, never a 500', async () => {
    const visitor = new Client(server.url);
    expect((await visitor.get(`/api/invitations/${'a'.repeat(43)}`)).status).toBe(404);
    expect((await visitor.get('/api/invitations/short')).status).toBe(404);
    expect((await visitor.get('/api/invitations/%00')).status).toBeLessThan(500);
  });
});

describe('lists', () => {
  it('pages the members and the open invitations; a stranger gets 404', async () => {
    const members = await mobilizer.get(`/api/communities/${communityId}/members?per_page=2`);
    expect(members.status).toBe(200);
    expect(members.body).toMatchObject({ page: 1, per_page: 2, total: expect.any(Number) });
    expect(members.body.members).toHaveLength(2);
    expect(members.body.members[0]).toMatchObject({ user_id: adminId, name: 'Ana', role: 1 });
    expect(members.body.members[0]).not.toHaveProperty('password_hash');
    const invitationsPage = await mobilizer.get(`/api/communities/${communityId}/invitations?page=1&per_page=1`);
    expect(invitationsPage.body.invitations).toHaveLength(1);
    expect(invitationsPage.body.total).toBeGreaterThan(1);
    for (const path of ['members', 'invitations']) {
      const foreign = await stranger.get(`/api/communities/${communityId}/${path}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual((await stranger.get(`/api/communities/999999/${path}`)).body);
    }
  });
});

describe('roles and the last admin', () => {
  let community: number;
  let owner: Client;
  let ownerId: number;
  let second: { id: number; client: Client };
  let mob: { id: number; client: Client };

  beforeAll(async () => {
    const { db } = server.ctx;
    const [o, s, m] = await Promise.all([
      createUser(db, { email: 'owner@example.org' }),
      createUser(db, { email: 'second@example.org' }),
      createUser(db, { email: 'mob2@example.org' }),
    ]);
    ownerId = o.id;
    community = (
      await createCommunity(db, {
        name: 'Roles',
        ownerId: o.id,
        members: [
          { userId: s.id, role: 2 },
          { userId: m.id, role: 2 },
        ],
      })
    ).id;
    owner = await signIn(server, 'owner@example.org');
    second = { id: s.id, client: await signIn(server, 'second@example.org') };
    mob = { id: m.id, client: await signIn(server, 'mob2@example.org') };
  });
  const memberPath = (userId: number) => `/api/communities/${community}/members/${userId}`;

  it('the last admin can be neither demoted nor removed, nor leave', async () => {
    const demote = await owner.put(memberPath(ownerId), { member: { role: 2 } });
    expect(demote.status).toBe(422);
    expect(demote.body).toEqual({
      errors: { role: ['A comunidade precisa de ao menos uma pessoa na administração: promova outra pessoa antes.'] },
    });
    const leave = await owner.delete(memberPath(ownerId));
    expect(leave.status).toBe(422);
    expect(leave.body.errors[0]).toMatch(/^A comunidade precisa de ao menos uma pessoa na administração/);
  });

  it('only an admin changes a role; a mobilizer cannot promote itself', async () => {
    const self = await mob.client.put(memberPath(mob.id), { member: { role: 1 } });
    expect(self.status).toBe(403);
    expect((await mob.client.put(memberPath(ownerId), { member: { role: 2 } })).status).toBe(403);
    const bad = await owner.put(memberPath(second.id), { member: { role: 3 } });
    expect(bad.status).toBe(422);
    const promote = await owner.put(memberPath(second.id), { member: { role: 1 } });
    expect(promote.status).toBe(200);
    expect(promote.body.member).toMatchObject({ user_id: second.id, role: 1 });
    expect((await second.client.get(`/api/communities/${community}`)).body.role).toBe(1);
  });

  it('a mobilizer cannot remove an admin; with two admins one may step down or go', async () => {
    expect((await mob.client.delete(memberPath(second.id))).status).toBe(403);
    expect((await owner.put(memberPath(ownerId), { member: { role: 2 } })).status).toBe(200);
    expect((await second.client.put(memberPath(second.id), { member: { role: 2 } })).status).toBe(422);
    expect((await second.client.put(memberPath(ownerId), { member: { role: 1 } })).status).toBe(200);
    expect((await owner.delete(memberPath(second.id))).status).toBe(204);
    expect((await second.client.get(`/api/communities/${community}`)).status).toBe(404);
  });

  it('a member may leave; a mobilizer may remove another mobilizer; a stranger gets 404', async () => {
    const { db } = server.ctx;
    const other = await createUser(db, { email: 'other-mob@example.org' });
    await db.insert(communityUsers).values({ communityId: community, userId: other.id, role: 2 });
    expect((await stranger.delete(memberPath(other.id))).status).toBe(404);
    expect((await stranger.put(memberPath(other.id), { member: { role: 1 } })).status).toBe(404);
    expect((await mob.client.delete(memberPath(other.id))).status).toBe(204);
    expect((await mob.client.delete(memberPath(9_999_999))).status).toBe(404);
    expect((await mob.client.delete(memberPath(mob.id))).status).toBe(204);
    expect((await mob.client.get(`/api/communities/${community}/members`)).status).toBe(404);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const { db } = server.ctx;
    const x = await createUser(db, { email: 'race-x@example.org' });
    const y = await createUser(db, { email: 'race-y@example.org' });
    const race = (await createCommunity(db, { name: 'Race', ownerId: x.id, members: [{ userId: y.id, role: 1 }] })).id;
    const [cx, cy] = await Promise.all([signIn(server, 'race-x@example.org'), signIn(server, 'race-y@example.org')]);
    const answers = await Promise.all([
      cx.put(`/api/communities/${race}/members/${y.id}`, { member: { role: 2 } }),
      cy.put(`/api/communities/${race}/members/${x.id}`, { member: { role: 2 } }),
    ]);
    // The later one is refused either way: as no longer an admin (403), or as demoting the last admin (422).
    const [first, later] = answers.map((a) => a.status).sort();
    expect(first).toBe(200);
    expect([403, 422]).toContain(later);
    const admins = await db.select().from(communityUsers).where(eq(communityUsers.communityId, race));
    expect(admins.filter((a) => a.role === 1)).toHaveLength(1);
  });
});

describe('GraphQL rows follow the same policy', () => {
  it('members read the invitations (never the code hash), only admins the bank data, strangers neither', async () => {
    await server.ctx.db.execute(
      sql`insert into recipients (community_id, bank_account) values (${communityId}, '{"bank_code":"001"}'::jsonb)`,
    );
    const doc = `{ invitations(where: {community_id: {_eq: ${communityId}}}) { email } recipients { community_id } }`;
    const byAdmin = (await admin.graphql(doc)).body.data;
    const byMobilizer = (await mobilizer.graphql(doc)).body.data;
    const byStranger = (await stranger.graphql(doc)).body.data;
    expect(byAdmin.invitations.length).toBeGreaterThan(0);
    expect(byAdmin.recipients).toEqual([{ community_id: communityId }]);
    expect(byMobilizer.invitations).toEqual(byAdmin.invitations);
    expect(byMobilizer.recipients).toEqual([]);
    expect(byStranger).toEqual({ invitations: [], recipients: [] });
  });
});

describe('the role matrix on the community routes', () => {
  const hex = (n: number) => 'a'.repeat(n);
  /** Each route with a body any member may send; `bank` marks the Recebedor's bank data, kept for admins. */
  const routes = (id: number, n: string) => [
    { method: 'GET', path: `/api/communities/${id}` },
    { method: 'PUT', path: `/api/communities/${id}`, body: { community: { description: `por ${n}` } } },
    {
      method: 'PUT',
      path: `/api/communities/${id}/twilio`,
      body: {
        twilio_configuration: {
          twilio_account_sid: `AC${hex(32)}`,
          twilio_auth_token: hex(32),
          twilio_number: '+5511999990000',
        },
      },
    },
    { method: 'GET', path: `/api/communities/${id}/dns_hosted_zones` },
    {
      method: 'POST',
      path: `/api/communities/${id}/dns_hosted_zones`,
      body: { dns_hosted_zone: { domain_name: `${n}.matriz.org` } },
    },
    { method: 'GET', path: `/api/communities/${id}/metrics` },
    { method: 'GET', path: `/api/communities/${id}/members` },
    { method: 'GET', path: `/api/communities/${id}/invitations` },
    {
      method: 'POST',
      path: `/api/communities/${id}/invitation`,
      body: { invitation: { email: `${n}-m@example.org` } },
    },
    {
      method: 'POST',
      path: `/api/communities/${id}/invitation`,
      body: { invitation: { email: `${n}-a@example.org`, role: 1 } },
      admins: true,
    },
    { method: 'GET', path: `/api/communities/${id}/recipient`, admins: true },
  ];

  it('role 1 may do everything, role 2 all but admins and bank data (403), a stranger nothing (404, no hint)', async () => {
    const missing = await stranger.get('/api/communities/999999');
    for (const [who, client] of [
      ['admin', admin],
      ['mobilizer', mobilizer],
      ['stranger', stranger],
    ] as const) {
      for (const route of routes(communityId, who)) {
        const res = await client.request(route.method, route.path, route.body);
        const label = `${who} ${route.method} ${route.path} ${JSON.stringify(route.body ?? '')}`;
        if (who === 'stranger') {
          expect(res.status, label).toBe(404);
          expect(res.body, label).toEqual(missing.body);
        } else if (who === 'mobilizer' && route.admins) expect(res.status, label).toBe(403);
        else expect(res.status, label).toBeLessThan(300);
      }
    }
  });
});
