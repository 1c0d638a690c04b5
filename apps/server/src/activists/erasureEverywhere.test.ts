import { ACTION_DEFINITIONS, ACTION_KINDS, type ActionKind, translate } from '@mutirao/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { addRecipient, CUSTOMER, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage, entryBody, pressureSettings } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import type { Figure } from '../actions/data';
import { ACTION_DATA, actionData } from '../actions/registry';
import { countedCondition } from '../actions/sources';
import { activists, twilioCallTransitions } from '../db/schema';

/** Who acts through every kind of action, and the traces of them no table may keep once they are erased. */
const PERSON = {
  first: 'Quitéria',
  last: 'Albuquerque',
  email: 'quiteria.albuquerque@example.org',
  phone: '+5581977776666',
  document: '529.982.247-25',
};
const TRACES = [
  'Quitéria',
  'Albuquerque',
  'quiteria.albuquerque',
  '977776666',
  '97777-6666',
  '52998224725',
  '529.982.247',
];

let server: TestServer;
let smtp: TestSmtp;
const visitor = () => new Client(server.url);
beforeAll(async () => {
  smtp = await startSmtp(0);
  server = await startTestServer({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ACTION_MAX_PER_IP: '100000', TELEPHONY_SANDBOX_STEP_MS: '5' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Every table of the public schema whose row text (`t::text`) holds a trace of the person, with how many rows. */
async function tablesHoldingThePerson() {
  const db = server.ctx.db;
  const tables = (
    (await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  const patterns = `{${TRACES.map((t) => `"%${t}%"`).join(',')}}`;
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = (
      (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(name)} t where t::text ilike any(${patterns}::text[])`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (row?.n) found[name] = row.n;
  }
  return found;
}

describe('a person who acted through every registered kind of action', () => {
  it('is found by each filter, report and export, and once erased no row anywhere holds them', async () => {
    const db = server.ctx.db;
    const form = await createFormPage(db);
    const { communityId, organiserEmail } = form;
    const admin = await signIn(server, organiserEmail);
    // The community's mailing list (sandbox driver) and telephony, so every action also reaches both.
    const list = await admin.put(`/api/communities/${communityId}/mailchimp`, {
      mailchimp: { mailchimp_api_key: `${'b2'.repeat(16)}-us21`, mailchimp_list_id: 'lista1' },
    });
    expect(list.status).toBe(200);
    const telephony = await admin.put(`/api/communities/${communityId}/twilio`, {
      twilio_configuration: {
        twilio_account_sid: `AC${'ab'.repeat(16)}`,
        twilio_auth_token: 'c3'.repeat(16),
        twilio_number: '+5511933330000',
      },
    });
    expect(telephony.status).toBe(200);
    const pressure = await createFormPage(db, {
      kind: 'pressure',
      communityId,
      settings: pressureSettings(),
    });
    const phone = await createFormPage(db, {
      kind: 'pressure-phone',
      communityId,
      settings: { call_to_action: 'Ligue', targets: ['Vereadora Ana <+5581999990000>'], finish_message_type: 'share' },
    });
    const donation = await createFormPage(db, { kind: 'donation', communityId, settings: donationSettings() });
    await addRecipient(db, communityId);

    const signed = await visitor().post(
      `/api/mobilizations/${form.page.id}/form_entries`,
      entryBody(form.form.id, {
        'f-nome': `${PERSON.first} ${PERSON.last}`,
        'f-email': PERSON.email,
        'f-fone': PERSON.phone,
        'f-bairro': 'Boa Vista',
        'f-idade': '',
      }),
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    const pressed = await visitor().post(`/api/widgets/${pressure.form.id}/fill`, {
      fill: {
        activist: { firstname: PERSON.first, lastname: PERSON.last, email: PERSON.email, city: 'Recife' },
        mail: { subject: 'Tarifa zero', body: `Aprovem. ${PERSON.first} ${PERSON.last}` },
      },
    });
    expect(pressed.status, JSON.stringify(pressed.body)).toBe(201);
    const called = await visitor().post(`/api/widgets/${phone.form.id}/call`, {
      call: {
        activist: { first_name: PERSON.first, last_name: PERSON.last, email: PERSON.email, phone_number: PERSON.phone },
        target: '+5581999990000',
      },
    });
    expect(called.status, JSON.stringify(called.body)).toBe(201);
    const donated = await visitor().post(
      `/api/mobilizations/${donation.page.id}/donations`,
      donationBody(donation.form.id, {
        customer: {
          ...CUSTOMER,
          name: `${PERSON.first} ${PERSON.last}`,
          email: PERSON.email,
          document_number: PERSON.document,
        },
      }),
    );
    expect(donated.status, JSON.stringify(donated.body)).toBe(201);

    // The provider's status callbacks, which carry the person's number, are in; so are the mails and the list sync.
    const callId = called.body.twilio_call.id as number;
    await eventually(async () => {
      const rows = await db.select().from(twilioCallTransitions).where(eq(twilioCallTransitions.twilioCallId, callId));
      return rows.some((t) => !t.twilioParentCallSid && t.status === 'completed');
    });
    await eventually(async () => smtp.received.filter((m) => m.to.includes(PERSON.email)).length > 0);
    await eventually(async () => {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from mailchimp_queue where community_id = ${communityId}`,
      )) as unknown as { rows: { n: number }[] };
      return rows[0]?.n === 0;
    });
    const [person] = await db
      .select({ id: activists.id })
      .from(activists)
      .where(and(eq(activists.communityId, communityId), eq(activists.email, PERSON.email)));
    const personId = person?.id as number;
    const pages = {
      form: form.page.id,
      pressure: pressure.page.id,
      'pressure-phone': phone.page.id,
      donation: donation.page.id,
    };
    const metricsBefore = (await admin.get(`/api/communities/${communityId}/metrics`)).body.metrics;

    // Every registered kind, read from the registry, so a kind added there is walked here too.
    for (const kind of ACTION_KINDS) {
      const data = ACTION_DATA[kind];
      // Its table holds their action, and it counts.
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from ${sql.raw(data.table)} x
          where x.activist_id = ${personId} and ${countedCondition(kind)}`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n, kind).toBe(1);
      // The people list finds them by the kind, and by the page they acted on.
      for (const filter of [`kinds=${kind}`, `mobilization_ids=${pages[kind]}`]) {
        const found = await admin.get(`/api/communities/${communityId}/activists?${filter}`);
        expect(found.status).toBe(200);
        expect(
          found.body.activists.map((a: { email: string }) => a.email),
          filter,
        ).toEqual([PERSON.email]);
      }
      // The community's figures count it.
      for (const [figure, { standing }] of Object.entries(data.metrics as Record<string, Figure>))
        if (standing === 'counted' || standing === 'any') expect(metricsBefore[figure], figure).toBeGreaterThan(0);
    }
    // The reports: one count in each kind's column, and one action line per kind, each naming them.
    const csv = async (path: string) => {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
      return parseCsv(String(res.body).replace(/^\uFEFF/, ''));
    };
    const [header, ...people] = await csv(`/api/communities/${communityId}/activists.csv`);
    const row = people.find((r) => r.includes(PERSON.email)) as string[];
    for (const kind of ACTION_KINDS)
      expect(row[header?.indexOf(translate('pt-BR', ACTION_DATA[kind].reportColumn)) ?? -1], kind).toBe('1');
    const label = (kind: ActionKind) => translate('pt-BR', ACTION_DEFINITIONS[kind].label);
    const actions = (await csv(`/api/communities/${communityId}/activist_actions.csv`)).slice(1);
    expect(actions.filter((r) => r.includes(PERSON.email)).map((r) => r[1])).toEqual(ACTION_KINDS.map(label));
    // The personal-data export: every section each kind declares holds their rows, in JSON and in CSV.
    const exported = await admin.get(`/api/communities/${communityId}/activists/${personId}/personal_data.json`);
    expect(exported.status).toBe(200);
    for (const kind of ACTION_KINDS)
      for (const section of ACTION_DATA[kind].personalData)
        if (section.key !== 'subscriptions') expect(exported.body[section.key], section.key).toHaveLength(1);
    const lines = await csv(`/api/communities/${communityId}/activists/${personId}/personal_data.csv`);
    for (const kind of ACTION_KINDS)
      expect(
        lines.some((r) => r[0] === label(kind)),
        kind,
      ).toBe(true);

    // The live Pagar.me driver keeps the provider's last postback with the donation, which repeats the customer
    // (form-encoded transaction fields, as Pagar.me posts them); the sandbox's carry none, so one is put in place.
    await db.execute(sql`update donations set gateway_data = gateway_data || jsonb_build_object('last_postback',
      jsonb_build_object('id', '1234', 'current_status', 'paid',
        'transaction[customer][name]', ${`${PERSON.first} ${PERSON.last}`}::text,
        'transaction[customer][email]', ${PERSON.email}::text,
        'transaction[customer][document_number]', ${PERSON.document.replace(/\D/g, '')}::text))
      where id = ${donated.body.donation.id as number}`);
    const before = await tablesHoldingThePerson();
    // The callbacks held the number: what this test is about.
    expect(before).toMatchObject({ activists: 1, twilio_call_transitions: expect.any(Number) });

    const erased = await admin.delete(`/api/communities/${communityId}/activists/${personId}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await tablesHoldingThePerson()).toEqual({});
    // Each kind's erasure counted its rows; what they did still counts.
    const declared = ACTION_KINDS.flatMap((kind) => actionData(kind).erasure.flatMap((step) => step.count ?? []));
    expect(Object.keys(erased.body.anonymised).sort()).toEqual([...declared, 'mail'].sort());
    // The phone pressure's visit is a row of the pressures' table too; a one-off gift has no subscription.
    expect(erased.body.anonymised).toMatchObject({ form: 1, pressure: 2, phone: 1, donation: 1, subscription: 0 });
    // (The people counted are fewer: the actions no longer name anyone.)
    const { activists: _, activists_last_90_days: __, ...actionFigures } = metricsBefore;
    expect((await admin.get(`/api/communities/${communityId}/metrics`)).body.metrics).toMatchObject(actionFigures);
  });
});
