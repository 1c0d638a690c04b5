import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRecipient, CUSTOMER, cardToken, donationBody, donationSettings } from '../../test/donationPage';
import { createFormPage } from '../../test/formPage';
import { Client, eventually, signIn, startTestServer, type TestServer } from '../../test/harness';
import { type MailchimpDouble, startMailchimpDouble } from '../../test/mailchimp';
import { activists, twilioCalls } from '../db/schema';
import { subscriberHash } from '../mailing/marketingApi';
import { createActionMix } from '../seed/actionMix';

/*
 * Issue 31, as visitors act: a refused card is an attempt (no count, no action, no Mailchimp tag) and the retry that
 * is paid is one donation; a call is a phone pressure once it reaches its target, not when it is placed. And the
 * mailing list, resynced, holds the seeded mix's people in the segments of what counts.
 */

const KEY = `${'c4'.repeat(16)}-us21`;
const LIST = 'numbers42';
const SID = `AC${'ab'.repeat(16)}`;
const TOKEN = 'c3'.repeat(16);

let mailchimp: MailchimpDouble;
let server: TestServer;
let visitor: Client;
beforeAll(async () => {
  mailchimp = await startMailchimpDouble({ [LIST]: 'Números' }, [KEY]);
  server = await startTestServer({
    env: {
      ACTION_MAX_PER_IP: '100000',
      TELEPHONY_SANDBOX_STEP_MS: '5',
      MAILING_DRIVER: 'mailchimp',
      MAILCHIMP_API_URL: mailchimp.url,
    },
  });
  visitor = new Client(server.url);
});
afterAll(async () => {
  await server.close();
  await mailchimp.close();
});

const tagsOf = (email: string) => mailchimp.members.get(LIST)?.get(subscriberHash(email))?.tags ?? new Set<string>();

async function withMailchimp(organiserEmail: string, communityId: number) {
  const organiser = await signIn(server, organiserEmail);
  const res = await organiser.put(`/api/communities/${communityId}/mailchimp`, {
    mailchimp: { mailchimp_api_key: KEY, mailchimp_list_id: LIST },
  });
  expect(res.status).toBe(200);
  return organiser;
}

const personOf = async (email: string) =>
  (await server.ctx.db.select().from(activists).where(eq(activists.email, email)))[0];

describe('a visitor who is refused, then pays', () => {
  it('makes one donation: the counter, the person and the mailing list never count the refusal', async () => {
    const page = await createFormPage(server.ctx.db, { kind: 'donation', settings: donationSettings() });
    await addRecipient(server.ctx.db, page.communityId);
    await withMailchimp(page.organiserEmail, page.communityId);
    const refusedOnly = { ...CUSTOMER, email: 'refused-only@example.org' };
    const path = `/api/mobilizations/${page.page.id}/donations`;

    const refused = await visitor.post(path, donationBody(page.form.id, { card_hash: cardToken('refuse') }));
    expect(refused.body).toMatchObject({ donation: { status: 'refused' }, count: 0 });
    const again = await visitor.post(
      path,
      donationBody(page.form.id, { card_hash: cardToken('refuse'), customer: refusedOnly }),
    );
    expect(again.body.count).toBe(0);
    const paid = await visitor.post(path, donationBody(page.form.id));
    expect(paid.body).toMatchObject({ donation: { status: 'paid' }, count: 1 });

    expect(await personOf(CUSTOMER.email)).toMatchObject({ actionsCount: 1 });
    expect(await personOf(refusedOnly.email)).toMatchObject({ actionsCount: 0 });
    await eventually(async () => tagsOf(CUSTOMER.email).has(`M${page.page.id}D`));
    expect(tagsOf(refusedOnly.email).size).toBe(0);
  });
});

describe('a visitor who calls two targets, one of which fails', () => {
  it('makes one phone pressure, counted when the call completes', async () => {
    const page = await createFormPage(server.ctx.db, {
      kind: 'pressure-phone',
      settings: { targets: ['Vereadora Ana <+5581999990000>', 'Vereador Beto <+5581999992222>'] },
    });
    const organiser = await withMailchimp(page.organiserEmail, page.communityId);
    await organiser.put(`/api/communities/${page.communityId}/twilio`, {
      twilio_configuration: { twilio_account_sid: SID, twilio_auth_token: TOKEN, twilio_number: '+5511933330000' },
    });
    const activist = {
      first_name: 'Davi',
      last_name: 'Lima',
      email: 'davi@example.org',
      phone_number: '5581988887777',
    };
    const failing = await visitor.post(`/api/widgets/${page.form.id}/call`, {
      call: { activist, target: '+5581999992222' },
    });
    expect(failing.body.count).toBe(0);
    const failed = await eventually(async () => {
      const [call] = await server.ctx.db
        .select()
        .from(twilioCalls)
        .where(eq(twilioCalls.id, failing.body.twilio_call.id));
      return call?.status === 'failed' && call;
    });
    expect(failed).toBeTruthy();
    expect(await personOf(activist.email)).toMatchObject({ actionsCount: 0 });

    const reached = await visitor.post(`/api/widgets/${page.form.id}/call`, {
      call: { activist, target: '+5581999990000', activist_pressure: failing.body.activist_pressure },
    });
    expect(reached.status).toBe(201);
    await eventually(async () => (await personOf(activist.email))?.actionsCount === 1);
    const widgets = await organiser.get(`/api/mobilizations/${page.page.id}/widgets`);
    expect(widgets.body.find((w: { id: number }) => w.id === page.form.id).count).toBe(1);
    const metrics = await organiser.get(`/api/mobilizations/${page.page.id}/metrics`);
    expect(metrics.body.metrics).toMatchObject({ pressures: 0, phone_pressures: 1, phone_calls: 2, activists: 1 });
    await eventually(async () => tagsOf(activist.email).has(`M${page.page.id}P`));
  });
});

describe('the mailing list of the mix, resynced', () => {
  it('puts each person in the segments of the actions of theirs that count', async () => {
    const page = await createFormPage(server.ctx.db);
    const mix = await createActionMix(server.ctx.db, page.communityId);
    const organiser = await withMailchimp(page.organiserEmail, page.communityId);
    expect((await organiser.post(`/api/communities/${page.communityId}/resync_mailchimp.json`, {})).status).toBe(202);
    await eventually(
      async () =>
        (await organiser.get(`/api/communities/${page.communityId}/mailchimp`)).body.mailchimp.resync?.status ===
        'done',
    );
    const members = (suffix: string) =>
      [...(mailchimp.segments.get(LIST)?.find((s) => s.name === `M${mix.mobilization_id}${suffix}`)?.members ?? [])]
        .map((email) => email.split('-')[0])
        .sort();
    expect(members('F')).toEqual(['ana', 'bia']);
    expect(members('P')).toEqual(['caio', 'davi']);
    expect(members('D')).toEqual(['elis', 'fabio']);
  });
});
