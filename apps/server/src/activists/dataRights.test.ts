import { createHash } from 'node:crypto';
import { ROLES } from '@mutirao/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { activistErasures, activists, outbox } from '../db/schema';
import {
  createCommunity,
  createDonation,
  createMobilization,
  createPhoneCall,
  createSubscription,
  createUser,
} from '../seed/factories';
import { recountActions } from './people';

const rows = async <R>(server: TestServer, query: ReturnType<typeof sql>) =>
  ((await server.ctx.db.execute(query)) as unknown as { rows: R[] }).rows;

/** A person who did one of everything, and what erasing them must leave behind: the actions, not the person. */
describe('a person’s data rights', () => {
  let server: TestServer;
  let admin: Client;
  let mobilizer: Client;
  let stranger: Client;
  let communityId: number;
  let rosa: number;
  let formWidget: number;
  const email = 'rosa.maria@example.org';

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.ctx.db;
    const owner = await createUser(db, { email: 'rights-admin@example.org' });
    const helper = await createUser(db, { email: 'rights-mobilizer@example.org' });
    const other = await createUser(db, { email: 'rights-stranger@example.org' });
    communityId = (
      await createCommunity(db, {
        name: 'Direitos',
        ownerId: owner.id,
        members: [{ userId: helper.id, role: ROLES.mobilizer }],
      })
    ).id;
    await createCommunity(db, { name: 'Alheia', ownerId: other.id });
    const page = await createMobilization(db, {
      communityId,
      name: 'Praça viva',
      blocks: [{ widgets: [{ kind: 'form' }, { kind: 'pressure' }, { kind: 'donation' }, { kind: 'pressure-phone' }] }],
    });
    const [form, pressure, donation, phone] = page.widgets;
    formWidget = form?.id ?? 0;
    const [person] = await db
      .insert(activists)
      .values({ communityId, email, name: 'Rosa Maria', phone: '+5581987654321', city: 'Recife', tags: ['vizinha'] })
      .returning();
    rosa = person?.id ?? 0;
    const [other1] = await db
      .insert(activists)
      .values({ communityId, email: '=cmd@example.org', name: '@Zé' })
      .returning();
    await db.execute(sql`insert into form_entries (widget_id, mobilization_id, activist_id, fields) values
      (${formWidget}, ${page.id}, ${rosa}, ${JSON.stringify([
        { uid: 'n', kind: 'text', label: 'Nome', value: 'Rosa Maria' },
        { uid: 'e', kind: 'email', label: 'E-mail', value: email },
      ])}::jsonb),
      (${formWidget}, ${page.id}, ${other1?.id}, '[]'::jsonb)`);
    await db.execute(sql`insert into activist_consents
      (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
      select ${communityId}, activist_id, 'form_entries', id, mobilization_id, widget_id, 'Aviso de teste',
        'https://praca.example.org/', 'pt-BR' from form_entries where activist_id = ${rosa}`);
    await db.execute(sql`insert into activist_pressures (widget_id, mobilization_id, activist_id, targets, mail, form_data)
      values (${pressure?.id}, ${page.id}, ${rosa}, '["Vereadora <v@camara.example>"]'::jsonb,
        '{"subject":"Praça já","body":"Assinado, Rosa Maria"}'::jsonb, ${JSON.stringify({ email, name: 'Rosa Maria' })}::jsonb)`);
    await createPhoneCall(db, { communityId, widgetId: phone?.id ?? 0, activistId: rosa });
    await createDonation(db, {
      communityId,
      amount: 5000,
      widgetId: donation?.id,
      mobilizationId: page.id,
      activistId: rosa,
      customer: { name: 'Rosa Maria', email, document_number: '11144477735' },
    });
    await createSubscription(db, {
      communityId,
      amount: 2000,
      widgetId: donation?.id,
      mobilizationId: page.id,
      activistId: rosa,
      customer: { name: 'Rosa Maria', email },
      cardData: { card_id: 'card_x', last_digits: '4242' },
    });
    await db.insert(outbox).values([
      {
        idempotencyKey: 'rights-1',
        kind: 'thanks',
        toAddress: email,
        subject: 'Obrigada, Rosa',
        text: 'Olá Rosa',
        communityId,
        status: 'sent',
      },
      {
        idempotencyKey: 'rights-2',
        kind: 'thanks',
        toAddress: email,
        subject: 'Obrigada de novo',
        text: 'Olá Rosa',
        communityId,
        // Waiting for a retry an hour from now, so the relay's sweep cannot send it while the test runs.
        status: 'failed',
        nextAttemptAt: new Date(Date.now() + 3_600_000),
      },
      {
        idempotencyKey: 'rights-3',
        kind: 'pressure',
        toAddress: 'v@camara.example',
        replyTo: email,
        subject: 'Praça já',
        text: 'Assinado, Rosa Maria',
        communityId,
        status: 'sent',
      },
    ]);
    await recountActions(db, communityId);
    admin = await signIn(server, owner.email);
    // The community's list, on the sandbox driver, which records every call it would make.
    const list = await admin.put(`/api/communities/${communityId}/mailchimp`, {
      mailchimp: { mailchimp_api_key: `${'b2'.repeat(16)}-us21`, mailchimp_list_id: 'lista1' },
    });
    expect(list.status).toBe(200);
    mobilizer = await signIn(server, helper.email);
    stranger = await signIn(server, other.email);
  });
  afterAll(async () => {
    await server?.close();
  });

  const base = () => `/api/communities/${communityId}/activists`;

  it('exports the filtered people as a streamed CSV, formula-safe, in the caller’s language', async () => {
    const res = await mobilizer.get(`${base()}/export.csv?tags=vizinha`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="ativistas-\d+-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    // (fetch's text() drops the byte-order mark the shared CSV writer puts first.)
    const lines = (res.body as string).split('\r\n');
    expect(lines[0]).toBe(
      'Nome,Primeiro nome,Sobrenome,E-mail,Telefone,Cidade,Etiquetas,Ações,Última ação (America/Sao_Paulo),' +
        'Na comunidade desde (America/Sao_Paulo)',
    );
    // A phone's leading + is a formula start to a spreadsheet: it gets the apostrophe too.
    expect(lines[1]).toMatch(/^Rosa Maria,,,rosa\.maria@example\.org,'\+5581987654321,Recife,vizinha,4,20/);
    expect(lines).toHaveLength(3);
    const all = await admin.get(`${base()}/export.csv`, { 'accept-language': 'en' });
    expect((all.body as string).split('\r\n')[0]).toMatch(/^Name,First name/);
    // A cell a spreadsheet would run as a formula gets an apostrophe.
    expect(all.body).toContain("'@Zé,,,'=cmd@example.org");
  });

  it('gives an admin everything held about the person, as JSON and as CSV', async () => {
    const json = await admin.get(`${base()}/${rosa}/personal_data.json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toContain(`dados-pessoais-${rosa}-`);
    expect(json.body).toMatchObject({
      activist: { email, name: 'Rosa Maria', tags: ['vizinha'] },
      form_entries: [{ mobilization_name: 'Praça viva', fields: [{ value: 'Rosa Maria' }, { value: email }] }],
      pressures: [{ form_data: { email } }],
      phone_calls: [{ from: '+5581911110000' }],
      donations: [{ amount: 5000, customer: { document_number: '11144477735' } }],
      subscriptions: [{ amount: 2000, status: 'active' }],
      consents: [{ source: 'form_entries', text: 'Aviso de teste', page_url: 'https://praca.example.org/' }],
      emails: { count: 3 },
    });
    // The profile's timeline shows the notice beside the action it came with.
    const profile = await admin.get(`${base()}/${rosa}`);
    expect(profile.body.timeline).toContainEqual(
      expect.objectContaining({
        kind: 'form',
        consent: { text: 'Aviso de teste', page_url: 'https://praca.example.org/' },
      }),
    );
    const csv = await admin.get(`${base()}/${rosa}/personal_data.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('E-mail,rosa.maria@example.org');
    expect(csv.body).toContain('Inscrição em formulário');
    expect(csv.body).toContain('Pressão por telefone');
    expect(csv.body).toContain('11144477735');
    expect(csv.body).toContain('Consentimento');
  });

  it('keeps data rights from mobilizers (told why) and from other communities (told nothing)', async () => {
    const refused = await mobilizer.get(`${base()}/${rosa}/personal_data.json`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([
      'Só quem administra a comunidade pode baixar ou apagar os dados de uma pessoa.',
    ]);
    expect((await mobilizer.delete(`${base()}/${rosa}`)).status).toBe(403);
    expect((await stranger.get(`${base()}/${rosa}/personal_data.json`)).status).toBe(404);
    expect((await stranger.delete(`${base()}/${rosa}`)).status).toBe(404);
    expect((await stranger.get(`${base()}/export.csv`)).status).toBe(404);
    expect((await stranger.get(`/api/communities/${communityId}/activist_erasures`)).status).toBe(404);
  });

  it('erases the person everywhere while every count and total stays right, with an audit that holds none of it', async () => {
    const totals = () =>
      rows<{ entries: number; pressures: number; calls: number; donated: number }>(
        server,
        sql`select (select count(*)::int from form_entries where widget_id = ${formWidget}) as entries,
          (select count(*)::int from activist_pressures) as pressures,
          (select count(*)::int from twilio_calls) as calls,
          (select coalesce(sum(amount), 0)::int from donations where community_id = ${communityId}) as donated`,
      );
    const before = await totals();
    const erased = await admin.delete(`${base()}/${rosa}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({
      activist_id: rosa,
      requested_by: 'admin',
      anonymised: { form: 1, pressure: 1, phone: 1, donation: 1, subscription: 1, mail: 3 },
    });
    expect(await totals()).toEqual(before);

    const everything = JSON.stringify(
      await rows(
        server,
        sql`select (select json_agg(f) from form_entries f) as f, (select json_agg(p) from activist_pressures p) as p,
          (select json_agg(c) from twilio_calls c) as c, (select json_agg(d) from donations d) as d,
          (select json_agg(s) from subscriptions s) as s, (select json_agg(o) from outbox o) as o,
          (select json_agg(e) from activist_erasures e) as e, (select json_agg(a) from activists a) as a,
          (select count(*) from activist_consents where activist_id = ${rosa}) as consents`,
      ),
    );
    for (const trace of ['Rosa', 'rosa.maria', '11144477735', '5581987654321', '+5581911110000', 'card_x'])
      expect(everything, trace).not.toContain(trace);
    // The consent notices went with the person.
    expect(everything).toMatch(/"consents":"?0"?/);
    const [subscription] = await rows<{ status: string }>(server, sql`select status from subscriptions`);
    expect(subscription?.status).toBe('canceled');
    // The unsent thank-you is never sent; what was sent keeps its state.
    const mails = await server.ctx.db.select().from(outbox).where(eq(outbox.communityId, communityId));
    expect(mails.map((m) => m.status).sort()).toEqual(['bounced', 'sent', 'sent']);

    expect((await admin.get(`${base()}/${rosa}`)).status).toBe(404);
    const audit = await admin.get(`/api/communities/${communityId}/activist_erasures`);
    expect(audit.body).toMatchObject([{ activist_id: rosa, requested_by: 'admin' }]);
    const [row] = await server.ctx.db.select().from(activistErasures);
    expect(row?.erasedBy).toBeGreaterThan(0);
    // The mailing list is told to delete the member for good, named only by Mailchimp's hash of the e-mail.
    const hash = createHash('md5').update(email).digest('hex');
    await eventually(async () => {
      const calls = await rows<{ path: string }>(
        server,
        sql`select path from mailing_list_calls where method = 'POST'`,
      );
      return calls.some((c) => c.path === `/lists/lista1/members/${hash}/actions/delete-permanent`);
    });
    const jobs = JSON.stringify(await rows(server, sql`select data from pgboss.job where name = 'mailchimp-forget'`));
    expect(jobs).toContain(hash);
    expect(jobs).not.toContain('rosa');
    // Erasing again: there is nobody left.
    expect((await admin.delete(`${base()}/${rosa}`)).status).toBe(404);
  });
});
