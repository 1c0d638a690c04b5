import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestServer, type TestServer } from '../../test/harness';
import { activistConsents, activistPressures, activists, formEntries, idempotentRequests, outbox } from '../db/schema';

const METRICS_TOKEN = 'batch-statement-metrics-token';

let server: TestServer;
let plain: TestServer;
let visitor: Client;
let form: { mobilization_id: number; widget_id: number };
let pressure: { mobilization_id: number; widget_id: number; targets: number };
let communityId: number;
beforeAll(async () => {
  server = await startTestServer({
    env: { ENABLE_TEST_SEED: 'true', METRICS_TOKEN, ACTION_MAX_PER_IP: '100000' },
  });
  plain = await startTestServer();
  visitor = new Client(server.url);
  const seeded = await visitor.post('/api/dev/seed', {
    user: { email: 'bench@example.org', password: 'bench-password' },
    communities: [{ name: 'Batch statements', formEntries: 0, pressurePage: true }],
  });
  expect(seeded.status).toBe(201);
  ({ form, pressure_page: pressure, id: communityId } = seeded.body.communities[0]);
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
});

const statementOf = (kind: string, rows: number, extra: Record<string, unknown> = {}) =>
  visitor.post<{ statement: string; widget_id: number | null; errors?: string[] }>('/api/dev/batch-statement', {
    kind,
    rows,
    ...extra,
  });
/** Runs the text the route answered, as pgbench would once it has put in its variables. */
const run = (text: string) => server.ctx.database.raw.executeSql(text);
const tally = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n);

/** The counter of batches of `kind` (and their rows) in Prometheus's text. */
async function scraped(kind: string) {
  const text = await (
    await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name}\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { batches: value('mutirao_action_batches_total'), rows: value('mutirao_action_batch_rows_total') };
}

describe('POST /api/dev/batch-statement (test seed only)', () => {
  it('is not there without the test seed', async () => {
    const res = await new Client(plain.url).post('/api/dev/batch-statement', { kind: 'form', rows: 1 });
    expect(res.status).toBe(404);
  });

  it('refuses an unknown kind, a bad count, and a kind this process has not written yet', async () => {
    expect((await statementOf('nope', 1)).status).toBe(400);
    expect((await statementOf('form', 0)).status).toBe(400);
    expect((await statementOf('form', 1, { unique: "x'; drop table activists; --" })).status).toBe(400);
    const none = await statementOf('pressure', 3);
    expect(none.status).toBe(409);
    expect(none.body.errors?.[0]).toMatch(/no pressure batch yet/);
  });

  it("renders the form's batch of N copies of the route's last row, and each run writes N new entries", async () => {
    const before = await scraped('form');
    const submitted = await visitor.post(
      `/api/mobilizations/${form.mobilization_id}/form_entries`,
      {
        form_entry: {
          widget_id: form.widget_id,
          fields: JSON.stringify([
            { uid: 'field-participe-nome', value: 'Rita Lobo' },
            { uid: 'field-participe-email', value: 'Rita@Example.org' },
            { uid: 'field-participe-whatsapp', value: '' },
            { uid: 'field-participe-ajuda', value: 'Ir à assembleia' },
          ]),
        },
      },
      { 'idempotency-key': 'batch-statement-form-1', 'accept-language': 'pt-BR' },
    );
    expect(submitted.status).toBe(201);
    // One batch of one row of each kind the submission wrote, counted for Prometheus.
    expect(await scraped('form')).toEqual({ batches: before.batches + 1, rows: before.rows + 1 });

    expect((await statementOf('form', 2, { widget_id: pressure.widget_id })).status).toBe(409);
    const res = await statementOf('form', 5, { widget_id: form.widget_id, unique: ':mutirao_unique' });
    expect(res.status).toBe(200);
    expect(res.body.widget_id).toBe(form.widget_id);
    const { statement } = res.body;
    // The pgbench variable is in every copy's e-mail and thank-you key, and the text carries no bound parameter.
    expect(statement.match(/rita-:mutirao_unique-\d@example\.org/g)?.length).toBeGreaterThanOrEqual(10);
    expect(statement).not.toMatch(/\$\d/);

    const entries = () =>
      tally(server.ctx.db.select({ n: count() }).from(formEntries).where(eq(formEntries.widgetId, form.widget_id)));
    const people = () =>
      tally(server.ctx.db.select({ n: count() }).from(activists).where(eq(activists.communityId, communityId)));
    const mails = () =>
      tally(server.ctx.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'form-thank-you')));
    const consents = () =>
      tally(
        server.ctx.db
          .select({ n: count() })
          .from(activistConsents)
          .where(eq(activistConsents.widgetId, form.widget_id)),
      );
    const was = { entries: await entries(), people: await people(), mails: await mails(), consents: await consents() };
    for (const n of [1001, 1002]) {
      const written = await run(statement.replaceAll(':mutirao_unique', String(n)));
      expect(written.rows).toHaveLength(5);
    }
    expect(await entries()).toBe(was.entries + 10);
    expect(await people()).toBe(was.people + 10);
    expect(await mails()).toBe(was.mails + 10);
    expect(await consents()).toBe(was.consents + 10);
    const [copy] = await server.ctx.db
      .select({ email: activists.email })
      .from(activists)
      .where(eq(activists.email, 'rita-1002-4@example.org'));
    expect(copy).toBeDefined();
  });

  it("renders the e-mail pressure's batch: N pressures, each with its three targets' messages", async () => {
    const filled = await visitor.post(
      `/api/widgets/${pressure.widget_id}/fill`,
      {
        fill: {
          activist: { firstname: 'Iara', lastname: 'Monteiro', email: 'iara@example.org' },
          mail: { subject: 'Tarifa zero já', body: 'Aprovem a tarifa zero aos domingos.' },
        },
      },
      { 'idempotency-key': 'batch-statement-pressure-1', 'accept-language': 'pt-BR' },
    );
    expect(filled.status).toBe(201);
    const res = await statementOf('pressure', 4, { widget_id: pressure.widget_id });
    expect(res.status).toBe(200);
    const stored = async () => ({
      pressures: await tally(
        server.ctx.db
          .select({ n: count() })
          .from(activistPressures)
          .where(eq(activistPressures.widgetId, pressure.widget_id)),
      ),
      mails: await tally(
        server.ctx.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.widgetId, pressure.widget_id), eq(outbox.kind, 'pressure-target'))),
      ),
    });
    const was = await stored();
    expect((await run(res.body.statement)).rows).toHaveLength(4);
    expect(await stored()).toEqual({ pressures: was.pressures + 4, mails: was.mails + 4 * pressure.targets });
  });

  it("renders the Idempotency-Key reservation and answer: the answer's copies find the reservation's", async () => {
    const reserve = await statementOf('idempotency-reserve', 3, { unique: 'pair' });
    const answer = await statementOf('idempotency-answer', 3, { unique: 'pair' });
    expect([reserve.status, answer.status]).toEqual([200, 200]);
    expect((await run(reserve.body.statement)).rows).toHaveLength(3);
    await run(answer.body.statement);
    const answered = await tally(
      server.ctx.db
        .select({ n: count() })
        .from(idempotentRequests)
        .where(and(like(idempotentRequests.key, 'bench-pair-%'), isNotNull(idempotentRequests.status))),
    );
    expect(answered).toBe(3);
  });
});
