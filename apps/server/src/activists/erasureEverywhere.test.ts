import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipient, CUSTOMER, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage, entryBody, pressureSettings } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { startSmtp, type TestSmtp } from '../../test/smtp';
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

describe('erasing a person who acted through every kind of action', () => {
  it('leaves no row in any table holding their name, e-mail, phone or document', async () => {
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
    const before = await tablesHoldingThePerson();
    // The callbacks held the number: what this test is about.
    expect(before).toMatchObject({ activists: 1, twilio_call_transitions: expect.any(Number) });

    const [person] = await db
      .select({ id: activists.id })
      .from(activists)
      .where(and(eq(activists.communityId, communityId), eq(activists.email, PERSON.email)));
    const erased = await admin.delete(`/api/communities/${communityId}/activists/${person?.id}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await tablesHoldingThePerson()).toEqual({});
  });
});
