import bcrypt from 'bcryptjs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { communityUsers, twilioConfigurations, users } from '../db/schema';
import { createCommunity, createUser } from '../seed/factories';

/*
 * Bonde's accounts-client and the admin-client's Twilio documents, as documents of our own with the same root
 * fields, arguments and types, against a real server (and real SMTP for the e-mailed links).
 */

const AUTHENTICATE = `mutation SignIn($email: String!, $password: String!) {
  authenticate(email: $email, password: $password) { valid token first_name }
}`;
const REGISTER = `mutation SignUp($input: RegisterInput!) { register(input: $input) { valid token first_name } }`;
const REGISTER_VERIFY = `mutation CheckInvite($code: String!, $email: String!) {
  register_verify(code: $code, email: $email) { code email is_new_user isNewUser }
}`;
const RESET_REQUEST = `mutation AskReset($email: String!, $callbackUrl: String!, $locale: String) {
  reset_password_request(email: $email, callback_url: $callbackUrl, locale: $locale)
}`;
const RESET_VERIFY = `query CheckReset($token: String!) { reset_password_verify(token: $token) { id expired_at iat } }`;
const RESET_CHANGE = `mutation NewPassword($password: String!, $token: String!) {
  reset_password_change(password: $password, token: $token) { valid token first_name }
}`;
const ME = '{ get_current_user { id email } }';

const TWILIO_FIELDS =
  'twilioConfiguration { id communityId twilioAccountSid twilioAuthToken twilioNumber createdAt updatedAt }';
const ADD_TWILIO = `mutation AddTwilio($communityId: Int!, $sid: String!, $token: String!, $number: String!) {
  addTwilioConfiguration(input: { config: {
    communityId: $communityId, twilioAccountSid: $sid, twilioAuthToken: $token, twilioNumber: $number
  } }) { ${TWILIO_FIELDS} }
}`;
const UPDATE_TWILIO = `mutation UpdateTwilio($communityId: Int!, $sid: String!, $token: String!, $number: String!) {
  updateTwilioConfiguration(input: { config: {
    communityId: $communityId, twilioAccountSid: $sid, twilioAuthToken: $token, twilioNumber: $number
  } }) { ${TWILIO_FIELDS} }
}`;
const COUNT_TWILIO = `query CountTwilio($communityId: Int!) {
  configs: postgraphql_twilio_configurations_aggregate(where: { community_id: { _eq: $communityId } }) {
    aggregate { count }
  }
}`;
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'f'.repeat(32);

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Mutirão <no-reply@mutirao.test>',
      APP_URL: 'https://admin.mutirao.test',
      LOGIN_MAX_PER_ACCOUNT_IP: '3',
    },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const anonymous = (headers: Record<string, string> = {}) => new Client(server.url, headers);

/** The body of the last message to `to` that arrived over SMTP after `since` (quoted-printable undone). */
async function mailTo(to: string, since: number) {
  const mail = await eventually(async () => smtp.received.slice(since).find((m) => m.to.includes(to)));
  return mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

describe("Bonde's accounts-client documents, signed out", () => {
  it('authenticate answers a token that works as Bearer on GraphQL and REST', async () => {
    const user = await createUser(server.ctx.db, { email: 'bonde-in@example.org', firstName: 'Beatriz' });
    const res = await anonymous().graphql(AUTHENTICATE, { email: 'Bonde-In@example.org', password: 'password123' });
    expect(res.body.errors).toBeUndefined();
    const { valid, token, first_name } = res.body.data.authenticate;
    expect({ valid, first_name }).toEqual({ valid: true, first_name: 'Beatriz' });
    const bearer = anonymous({ authorization: `Bearer ${token}` });
    expect((await bearer.graphql(ME)).body.data.get_current_user).toEqual([{ id: user.id, email: user.email }]);
    expect((await bearer.get('/api/users/me')).body.user.email).toBe('bonde-in@example.org');
  });

  it('refuses a wrong password on the password field, in the caller’s language, and counts it', async () => {
    await createUser(server.ctx.db, { email: 'bonde-limit@example.org' });
    const es = anonymous({ 'accept-language': 'es' });
    const wrong = await es.graphql(AUTHENTICATE, { email: 'bonde-limit@example.org', password: 'nope-nope' });
    expect(wrong.body.data?.authenticate ?? null).toBeNull();
    expect(wrong.body.errors[0]).toMatchObject({
      message: 'Contraseña incorrecta',
      extensions: { code: 'validation-failed', fields: { password: ['Contraseña incorrecta'] } },
    });
    // The failures are counted by the REST sign-in's limiter (3 per account and address here), not rolled back.
    for (let i = 0; i < 2; i++)
      await es.graphql(AUTHENTICATE, { email: 'bonde-limit@example.org', password: 'nope-nope' });
    const limited = await es.graphql(AUTHENTICATE, { email: 'bonde-limit@example.org', password: 'password123' });
    expect(limited.body.errors[0].message).toMatch(/Demasiados intentos|minuto/i);
    const rest = await anonymous().post('/api/auth/sign_in', {
      email: 'bonde-limit@example.org',
      password: 'password123',
    });
    expect(rest.status).toBe(429);
  });

  it('reaches only the account fields signed out', async () => {
    const mixed = await anonymous().graphql(`mutation {
      authenticate(email: "x@example.org", password: "y") { valid }
      insert_communities_one(object: { name: "Nope" }) { id }
    }`);
    expect(mixed.body.errors[0].message).toBe('field insert_communities_one not found in type mutation_root');
    const viaFragment = await anonymous().graphql(`query {
      reset_password_verify(token: "x") { id }
      ...More
    }
    fragment More on query_root { communities { id } }`);
    expect(viaFragment.body.errors[0].message).toBe('field communities not found in type query_root');
    const other = await anonymous().graphql('{ communities { id } }');
    expect(other.body.errors[0].message).toBe('field communities not found in type query_root');
    const schema = await anonymous().graphql(
      '{ reset_password_verify(token: "x") { id } __schema { types { name } } }',
    );
    expect(schema.body.errors[0].message).toBe('field __schema not found in type query_root');
    // Signed in, the account fields still go in a document of their own.
    const client = await signIn(server, 'bonde-in@example.org');
    const signedInMix = await client.graphql(`mutation {
      authenticate(email: "bonde-in@example.org", password: "password123") { valid }
      delete_communities(where: {}) { affected_rows }
    }`);
    expect(signedInMix.body.errors[0].message).toContain('delete_communities');
  });

  it('register creates the account as the REST sign-up does, errors named by field', async () => {
    const bad = await anonymous({ 'accept-language': 'en' }).graphql(REGISTER, {
      input: { email: 'not-an-email', first_name: ' ', password: '123', code: '' },
    });
    expect(bad.body.errors[0].extensions.code).toBe('validation-failed');
    expect(Object.keys(bad.body.errors[0].extensions.fields).sort()).toEqual(['email', 'first_name', 'password']);
    await createUser(server.ctx.db, { email: 'taken@example.org' });
    const taken = await anonymous().graphql(REGISTER, {
      input: { email: 'taken@example.org', first_name: 'Tina', password: 'password123', code: '' },
    });
    expect(taken.body.errors[0].extensions.fields).toEqual({ email: ['Já existe uma conta com esse e-mail'] });

    const made = await anonymous().graphql(REGISTER, {
      input: { email: 'Nova@Example.org', first_name: 'Nova', last_name: 'Conta', password: 'password123', code: '' },
    });
    expect(made.body.errors).toBeUndefined();
    expect(made.body.data.register).toMatchObject({ valid: true, first_name: 'Nova' });
    const [row] = await server.ctx.db.select().from(users).where(eq(users.email, 'nova@example.org'));
    expect(row).toMatchObject({ firstName: 'Nova', lastName: 'Conta' });
    const me = await anonymous({ authorization: `Bearer ${made.body.data.register.token}` }).graphql(ME);
    expect(me.body.data.get_current_user[0].email).toBe('nova@example.org');
    // The REST sign-in takes the new password too.
    await signIn(server, 'nova@example.org');
  });

  it('an invitation code: register_verify, then register joins the community; a bad code makes no account', async () => {
    const owner = await createUser(server.ctx.db, { email: 'bonde-owner@example.org' });
    const community = await createCommunity(server.ctx.db, { name: 'Rede Bonde', ownerId: owner.id });
    const admin = await signIn(server, 'bonde-owner@example.org');
    const since = smtp.received.length;
    const invited = await admin.post(`/api/communities/${community.id}/invitation`, {
      invitation: { email: 'convidada@example.org', role: 2 },
    });
    expect(invited.status).toBe(201);
    const code = /\/invitation\/([\w-]+)/.exec(await mailTo('convidada@example.org', since))?.[1] ?? '';
    expect(code).not.toBe('');

    const wrongCode = await anonymous().graphql(REGISTER, {
      input: { email: 'convidada@example.org', first_name: 'Cora', password: 'password123', code: 'nope' },
    });
    expect(Object.keys(wrongCode.body.errors[0].extensions.fields)).toEqual(['code']);
    const notHer = await anonymous().graphql(REGISTER_VERIFY, { code, email: 'someone-else@example.org' });
    expect(Object.keys(notHer.body.errors[0].extensions.fields)).toEqual(['code']);
    const none = await server.ctx.db.select().from(users).where(eq(users.email, 'convidada@example.org'));
    expect(none).toEqual([]);

    const verify = await anonymous().graphql(REGISTER_VERIFY, { code, email: 'convidada@example.org' });
    expect(verify.body.data.register_verify).toEqual({
      code,
      email: 'convidada@example.org',
      is_new_user: true,
      isNewUser: true,
    });
    const made = await anonymous().graphql(REGISTER, {
      input: { email: 'convidada@example.org', first_name: 'Cora', password: 'password123', code },
    });
    expect(made.body.errors).toBeUndefined();
    const [user] = await server.ctx.db.select().from(users).where(eq(users.email, 'convidada@example.org'));
    const memberships = await server.ctx.db
      .select()
      .from(communityUsers)
      .where(eq(communityUsers.userId, user?.id ?? 0));
    expect(memberships.map((m) => [m.communityId, m.role])).toEqual([[community.id, 2]]);
    // The code is spent.
    const again = await anonymous().graphql(REGISTER_VERIFY, { code, email: 'convidada@example.org' });
    expect(again.body.errors[0].extensions.fields.code).toHaveLength(1);
  });

  it('register_verify adds an existing account to the inviting community', async () => {
    const owner = await createUser(server.ctx.db, { email: 'bonde-owner2@example.org' });
    const member = await createUser(server.ctx.db, { email: 'existing@example.org' });
    const community = await createCommunity(server.ctx.db, { name: 'Rede Dois', ownerId: owner.id });
    const admin = await signIn(server, 'bonde-owner2@example.org');
    const since = smtp.received.length;
    await admin.post(`/api/communities/${community.id}/invitation`, { invitation: { email: 'existing@example.org' } });
    const code = /\/invitation\/([\w-]+)/.exec(await mailTo('existing@example.org', since))?.[1] ?? '';
    const res = await anonymous().graphql(REGISTER_VERIFY, { code, email: 'existing@example.org' });
    expect(res.body.data.register_verify).toMatchObject({ is_new_user: false, isNewUser: false });
    const [joined] = await server.ctx.db.select().from(communityUsers).where(eq(communityUsers.userId, member.id));
    expect(joined?.communityId).toBe(community.id);
  });

  it('reset: request e-mails an APP_URL link (the callback is ignored), verify, change, sign in anew', async () => {
    const user = await createUser(server.ctx.db, { email: 'esqueci@example.org', firstName: 'Ester' });
    const since = smtp.received.length;
    const asked = await anonymous().graphql(RESET_REQUEST, {
      email: 'esqueci@example.org',
      callbackUrl: 'https://evil.example/reset-password?token=',
      locale: 'en',
    });
    expect(asked.body).toEqual({ data: { reset_password_request: null } });
    // Unknown addresses get the same answer, and no mail.
    const unknown = await anonymous().graphql(RESET_REQUEST, { email: 'ninguem@example.org', callbackUrl: 'x' });
    expect(unknown.body).toEqual({ data: { reset_password_request: null } });
    const body = await mailTo('esqueci@example.org', since);
    expect(body).not.toContain('evil.example');
    expect(body).toMatch(/Subject: .*password/i);
    const token = decodeURIComponent(
      /https:\/\/admin\.mutirao\.test\/reset-password\?token=([\w%-]+)/.exec(body)?.[1] ?? '',
    );
    expect(token).not.toBe('');

    const verified = await anonymous().graphql(RESET_VERIFY, { token });
    expect(verified.body.errors).toBeUndefined();
    const decoded = verified.body.data.reset_password_verify;
    expect(decoded.id).toBe(user.id);
    expect(decoded.expired_at).toBeGreaterThan(Date.now() / 1000);
    expect(decoded.iat).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    const badToken = await anonymous().graphql(RESET_VERIFY, { token: 'not-a-token' });
    expect(Object.keys(badToken.body.errors[0].extensions.fields)).toEqual(['token']);

    const short = await anonymous().graphql(RESET_CHANGE, { token, password: '1' });
    expect(Object.keys(short.body.errors[0].extensions.fields)).toEqual(['password']);
    const changed = await anonymous().graphql(RESET_CHANGE, { token, password: 'new-password-1' });
    expect(changed.body.data.reset_password_change).toEqual({ valid: true, token: null, first_name: 'Ester' });
    const reused = await anonymous().graphql(RESET_CHANGE, { token, password: 'another-pass-2' });
    expect(reused.body.errors[0].extensions.fields.token).toHaveLength(1);

    const old = await anonymous().graphql(AUTHENTICATE, { email: 'esqueci@example.org', password: 'password123' });
    expect(old.body.errors[0].extensions.fields).toHaveProperty('password');
    const fresh = await anonymous().graphql(AUTHENTICATE, { email: 'esqueci@example.org', password: 'new-password-1' });
    expect(fresh.body.data.authenticate.valid).toBe(true);
  });
});

describe("Bonde's legacy password hashes", () => {
  async function legacyUser(email: string, hash: string) {
    const user = await createUser(server.ctx.db, { email });
    await server.ctx.db.update(users).set({ passwordHash: hash }).where(eq(users.id, user.id));
    return user;
  }
  const stored = async (id: number) =>
    (await server.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0]?.h ?? '';

  it('a bcryptjs hash signs in through authenticate and is stored as argon2id', async () => {
    const user = await legacyUser('legado@example.org', bcrypt.hashSync('senha-antiga', 9));
    const wrong = await anonymous().graphql(AUTHENTICATE, { email: 'legado@example.org', password: 'other-one' });
    expect(wrong.body.errors[0].extensions.fields).toHaveProperty('password');
    expect(await stored(user.id)).toMatch(/^\$2b\$09\$/);
    const ok = await anonymous().graphql(AUTHENTICATE, { email: 'legado@example.org', password: 'senha-antiga' });
    expect(ok.body.data.authenticate.valid).toBe(true);
    expect(await stored(user.id)).toMatch(/^\$argon2id\$/);
    // And the new hash takes the same password.
    await signIn(server, 'legado@example.org', 'senha-antiga');
  });

  it('a $2a$ hash signs in through the REST sign-in and is rehashed', async () => {
    const user = await legacyUser(
      'legado-rest@example.org',
      bcrypt.hashSync('senha-antiga', 6).replace(/^\$2b\$/, '$2a$'),
    );
    await signIn(server, 'legado-rest@example.org', 'senha-antiga');
    expect(await stored(user.id)).toMatch(/^\$argon2id\$/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("a hash made by PostgreSQL's pgcrypto signs in", async () => {
    await server.ctx.db.execute(sql`create extension if not exists pgcrypto`);
    const result = (await server.ctx.db.execute(
      sql`select crypt('senha-do-bonde', gen_salt('bf')) as h`,
    )) as unknown as {
      rows: { h: string }[];
    };
    const hash = result.rows[0]?.h ?? '';
    expect(hash).toMatch(/^\$2a\$06\$/);
    const user = await legacyUser('legado-pg@example.org', hash);
    const ok = await anonymous().graphql(AUTHENTICATE, { email: 'legado-pg@example.org', password: 'senha-do-bonde' });
    expect(ok.body.data.authenticate.valid).toBe(true);
    expect(await stored(user.id)).toMatch(/^\$argon2id\$/);
  });
});

describe("the admin-client's Twilio documents", () => {
  let communityId: number;
  let otherCommunityId: number;
  beforeAll(async () => {
    const owner = await createUser(server.ctx.db, { email: 'tw-owner@example.org' });
    const mobilizer = await createUser(server.ctx.db, { email: 'tw-mob@example.org' });
    const stranger = await createUser(server.ctx.db, { email: 'tw-stranger@example.org' });
    communityId = (
      await createCommunity(server.ctx.db, {
        name: 'Rede Twilio',
        ownerId: owner.id,
        members: [{ userId: mobilizer.id, role: 2 }],
      })
    ).id;
    otherCommunityId = (await createCommunity(server.ctx.db, { name: 'Outra', ownerId: stranger.id })).id;
  });
  const vars = (overrides: Record<string, unknown> = {}) => ({
    communityId,
    sid: SID,
    token: TOKEN,
    number: '+5511999990000',
    ...overrides,
  });

  it('an admin adds and updates the settings; the count reads them; the token never comes back', async () => {
    const admin = await signIn(server, 'tw-owner@example.org');
    const before = await admin.graphql(COUNT_TWILIO, { communityId });
    expect(before.body.data.configs.aggregate.count).toBe(0);
    const bad = await admin.graphql(ADD_TWILIO, vars({ sid: 'nope', token: 'short' }));
    expect(Object.keys(bad.body.errors[0].extensions.fields).sort()).toEqual(['twilioAccountSid', 'twilioAuthToken']);
    const added = await admin.graphql(ADD_TWILIO, vars());
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addTwilioConfiguration.twilioConfiguration).toMatchObject({
      communityId,
      twilioAccountSid: SID,
      twilioAuthToken: null,
      twilioNumber: '+5511999990000',
    });
    const [row] = await server.ctx.db
      .select()
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId));
    expect(row?.twilioAuthToken).not.toContain(TOKEN);
    expect(server.ctx.telephony.box.open(row?.twilioAuthToken ?? '')).toBe(TOKEN);
    const after = await admin.graphql(COUNT_TWILIO, { communityId });
    expect(after.body.data.configs.aggregate.count).toBe(1);

    const updated = await admin.graphql(UPDATE_TWILIO, vars({ number: '+5511888880000' }));
    expect(updated.body.data.updateTwilioConfiguration.twilioConfiguration).toMatchObject({
      id: row?.id,
      twilioNumber: '+5511888880000',
    });
    // The REST tab shows the same settings.
    const tab = await admin.get(`/api/communities/${communityId}/twilio`);
    expect(tab.body.twilio_configuration.twilio_number).toBe('+5511888880000');
  });

  it("another community's admin gets nothing; a mobilizer saves, as on the tab", async () => {
    const stranger = await signIn(server, 'tw-stranger@example.org');
    const theirs = await stranger.graphql(UPDATE_TWILIO, vars({ number: '+5511777770000' }));
    expect(theirs.body.errors).toBeUndefined();
    expect(theirs.body.data.updateTwilioConfiguration).toBeNull();
    const count = await stranger.graphql(COUNT_TWILIO, { communityId });
    expect(count.body.data.configs.aggregate.count).toBe(0);
    const own = await stranger.graphql(COUNT_TWILIO, { communityId: otherCommunityId });
    expect(own.body.data.configs.aggregate.count).toBe(0);

    // Spec 01 §6 gives mobilizers the same access to the community's settings as the REST tab does.
    const mobilizer = await signIn(server, 'tw-mob@example.org');
    const saved = await mobilizer.graphql(UPDATE_TWILIO, vars({ number: '+5511666660000' }));
    expect(saved.body.data.updateTwilioConfiguration.twilioConfiguration.twilioNumber).toBe('+5511666660000');
    const rest = await mobilizer.put(`/api/communities/${communityId}/twilio`, {
      twilio_configuration: { twilio_account_sid: SID, twilio_auth_token: '', twilio_number: '+5511888880000' },
    });
    expect(rest.status).toBe(200);
    const [row] = await server.ctx.db
      .select()
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId));
    expect(row?.twilioNumber).toBe('+5511888880000');
    const signedOut = await anonymous().graphql(ADD_TWILIO, vars());
    expect(signedOut.body.errors[0].message).toBe('field addTwilioConfiguration not found in type mutation_root');
  });
});
