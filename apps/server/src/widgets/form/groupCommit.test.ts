import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFormPage, entryBody, formSettings, TEST_FIELDS, THANK_YOU_SETTINGS } from '../../../test/formPage';
import { Client, eventually, startTestServer, type TestServer } from '../../../test/harness';
import { startSmtp } from '../../../test/smtp';
import { activistConsents, activists, formEntries, mobilizations, outbox } from '../../db/schema';
import { actionWriter } from '../groupWriter';
import { type EntryRow, FORM_ENTRY_BATCH } from './groupCommit';

const settings = formSettings(TEST_FIELDS, THANK_YOU_SETTINGS);
const VALUES = { 'f-nome': 'Pessoa Visitante', 'f-fone': '', 'f-bairro': 'Boa Vista', 'f-idade': '' };

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ACTION_MAX_PER_IP: '100000' } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('group commit of form entries (issue 18)', () => {
  it('answers each of many visitors at once only with its own row, consent and exactly one thank-you', async () => {
    const { page, form } = await createFormPage(server.ctx.db, { settings });
    const emails = Array.from({ length: 40 }, (_, i) => `lote-${i}@example.org`);
    const answers = await Promise.all(
      emails.map((email) =>
        new Client(server.url).post(
          `/api/mobilizations/${page.id}/form_entries`,
          entryBody(form.id, { ...VALUES, 'f-email': email }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    const ids = answers.map((a) => a.body.form_entry.id as number);
    expect(new Set(ids).size).toBe(emails.length);
    // Each answer's count includes its own entry; with one writer (the embedded engine) each is its own place. On
    // PostgreSQL batches written at the same moment each count the others' as they were before, as single writes did.
    const counts = answers.map((a) => a.body.form_entries_count as number).sort((x, y) => x - y);
    if (inject('engine') === 'pglite') expect(counts).toEqual(emails.map((_, i) => i + 1));
    else expect(counts.every((n) => n >= 1 && n <= emails.length)).toBe(true);
    const counter = await new Client(server.url).get(`/api/widgets/${form.id}/form_entries_count`);
    expect(counter.body.form_entries_count).toBe(emails.length);
    const db = server.ctx.db;
    const rows = await db
      .select({ id: formEntries.id, email: activists.email })
      .from(formEntries)
      .innerJoin(activists, eq(activists.id, formEntries.activistId))
      .where(inArray(formEntries.id, ids));
    // Every accepted answer is its own row, with the person who sent it.
    expect(new Map(rows.map((r) => [r.id, r.email]))).toEqual(
      new Map(answers.map((a, i) => [a.body.form_entry.id, emails[i]])),
    );
    const consents = await db
      .select({ actionId: activistConsents.actionId })
      .from(activistConsents)
      .where(inArray(activistConsents.actionId, ids));
    expect(consents.map((c) => c.actionId).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    await eventually(async () => new Set(smtp.received.flatMap((m) => m.to)).size >= emails.length, 30_000);
    // Long enough for a second copy to show itself.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of emails)
      expect(
        smtp.received.filter((m) => m.to.includes(email)),
        email,
      ).toHaveLength(1);
  });

  it('writes the rest of a batch when one of its rows fails, and fails only that one', async () => {
    const db = server.ctx.db;
    const { page, form, communityId } = await createFormPage(db, { settings });
    const [current] = await db
      .select({ version: mobilizations.cacheVersion })
      .from(mobilizations)
      .where(eq(mobilizations.id, page.id));
    const row = (email: string): EntryRow => ({
      community_id: communityId,
      widget_id: form.id,
      mobilization_id: page.id,
      version: Number(current?.version),
      fields: [{ uid: 'f-email', kind: 'email', label: 'E-mail', value: email }],
      email,
      name: null,
      first_name: null,
      last_name: null,
      phone: null,
      city: null,
      mail_key: `group-commit-test-${email}`,
      mail_kind: 'form-thank-you',
      mail_to: email,
      mail_from: 'contato@coletivo.example.org',
      mail_subject: 'Obrigada',
      mail_text: 'Obrigada',
      mail_html: null,
      consent_text: 'Aviso',
      consent_url: 'https://exemplo.org',
      consent_locale: 'pt-BR',
      origin: null,
    });
    await db.execute(sql`create or replace function test_refuse_mail() returns trigger language plpgsql as $$
      begin if new.to_address = 'falha@example.org' then raise exception 'outbox refused'; end if; return new; end; $$`);
    await db.execute(sql`create trigger test_refuse_mail before insert on outbox
      for each row execute function test_refuse_mail()`);
    try {
      // One writer: the twenty rows queued in one turn go together, with the failing one.
      const writer = actionWriter(db, FORM_ENTRY_BATCH, { writers: 1, maxBatch: 100 });
      const emails = Array.from({ length: 20 }, (_, i) =>
        i === 10 ? 'falha@example.org' : `vizinho-${i}@example.org`,
      );
      const results = await Promise.allSettled(emails.map((email) => writer.write(row(email))));
      expect(writer.stats.largest).toBe(20);
      expect(writer.stats.fallbacks).toBe(1);
      expect(results.map((r) => r.status)).toEqual(
        emails.map((e) => (e === 'falha@example.org' ? 'rejected' : 'fulfilled')),
      );
      const stored = await db
        .select({ email: activists.email })
        .from(formEntries)
        .innerJoin(activists, eq(activists.id, formEntries.activistId))
        .where(eq(formEntries.widgetId, form.id));
      expect(stored.map((s) => s.email).sort()).toEqual(emails.filter((e) => e !== 'falha@example.org').sort());
      const mails = await db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.communityId, communityId));
      expect(mails).toHaveLength(19);
      expect(await db.select().from(activists).where(eq(activists.email, 'falha@example.org'))).toHaveLength(0);
    } finally {
      await db.execute(sql`drop trigger test_refuse_mail on outbox`);
    }
  });

  it('puts the same person twice in different batches, counting both actions', async () => {
    const db = server.ctx.db;
    const { page, form, communityId } = await createFormPage(db, { settings });
    const answers = await Promise.all(
      ['Dupla@example.org', 'dupla@example.org', 'dupla@example.org'].map((email) =>
        new Client(server.url).post(
          `/api/mobilizations/${page.id}/form_entries`,
          entryBody(form.id, { ...VALUES, 'f-email': email }),
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const people = await db.select().from(activists).where(eq(activists.communityId, communityId));
    expect(people).toHaveLength(1);
    expect(people[0]?.actionsCount).toBe(3);
  });
});
