import { type SQL, sql } from 'drizzle-orm';
import { type BatchPerson, batchActivistUpsert, batchPerson } from '../../activists/upsert';
import type { Database, Db } from '../../db/client';
import { GroupWriter } from '../../db/groupWriter';
import type { DonationTarget } from './checkout';
import type { DonationRequest } from './request';

/** A visitor's donation ready to claim: every value the statement needs, as plain JSON. */
export interface ClaimRow extends BatchPerson {
  community_id: number;
  widget_id: number;
  mobilization_id: number;
  /** The page version the request was checked at: a page that moved on since stops the batch (`isStalePage`). */
  version: number;
  amount: number;
  payment_method: string;
  customer: unknown;
  period: number | null;
  attempt_key: string;
  origin: string | null;
  consent_text: string;
  consent_url: string;
  consent_locale: string;
}

/**
 * What the claim of an attempt found: its donation's id, and whether this claim made the row (`fresh`: the charge
 * is this request's to ask for, to the community's recipient at the provider) or found the attempt's row already
 * there (a retry: it is answered with that row). A community without a recipient cannot take donations: nothing is
 * written (`noRecipient`).
 */
export type Claimed =
  | { id: number; fresh: true; recipientId: string }
  | { id: number; fresh: false }
  | { noRecipient: true };

/** The attempt's key: one row per widget and attempt (`donations_attempt_key_idx`). */
export const attemptKeyOf = (widgetId: number, attempt: string) => `w${widgetId}:${attempt}`;

/** The claim's row for a checked request. */
export function claimRow(target: DonationTarget, request: DonationRequest): ClaimRow {
  const { customer } = request;
  return {
    community_id: target.communityId,
    widget_id: target.widget.id,
    mobilization_id: target.mobilizationId,
    version: target.pageVersion,
    ...batchPerson({
      email: customer.email,
      name: customer.name,
      phone: `${customer.phone.ddd}${customer.phone.number}`,
      city: customer.address.city,
    }),
    amount: request.amount,
    payment_method: request.paymentMethod,
    customer,
    period: request.period ?? null,
    attempt_key: attemptKeyOf(target.widget.id, request.attempt),
    origin: target.origin ?? null,
    consent_text: target.consent.text,
    consent_url: target.consent.pageUrl,
    consent_locale: target.consent.locale,
  };
}

/**
 * The first write of a batch of donations, in one statement (data-modifying CTEs), as the other actions' batches:
 * the attempts already stored are found; for the others, where the community has a recipient at the provider, the
 * activists are upserted in key order (not counted: a donation is an action once paid, `actionsMoved`), the rows
 * inserted `processing` (each only while its page is at the version the request was checked at) and their consent
 * notices stored. Atomic, and committed before the provider is
 * asked, so a retry of the same attempt finds the row and never charges again. An attempt that another batch inserted
 * meanwhile conflicts, waits for that batch's commit, and is inserted by neither: its row is read after the statement.
 * It answers, for each row in order, its donation's id, whether this batch made it, and the recipient.
 */
export function claimStatement(rows: ClaimRow[]): SQL {
  const input = JSON.stringify(rows.map((row, n) => ({ ...row, n })));
  return sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as r(
        n int, community_id int, widget_id int, mobilization_id int, version int, email text, name text,
        first_name text, last_name text, phone text, city text, amount int, payment_method text, customer jsonb,
        period int, attempt_key text, origin text, consent_text text, consent_url text, consent_locale text)
    ),
    recipient as (
      select input.n, (select r.pagarme_recipient_id from recipients r where r.community_id = input.community_id)
        as recipient_id
      from input
    ),
    existing as (
      select d.id, d.attempt_key from donations d where d.attempt_key in (select attempt_key from input)
    ),
    fresh as (
      select input.* from input join recipient on recipient.n = input.n
      where recipient.recipient_id is not null
        and not exists (select 1 from existing where existing.attempt_key = input.attempt_key)
    ),
    activist as (${batchActivistUpsert('fresh', { countsAction: false })}),
    rows as (
      select fresh.*, activist.id as activist_id, nextval('donations_id_seq'::regclass)::int as donation_id
      from fresh
      left join activist on activist.community_id = fresh.community_id and activist.email_key = lower(fresh.email)
      order by n
    ),
    donation as (
      insert into donations (id, widget_id, mobilization_id, community_id, activist_id, amount, payment_method, status,
        customer, period, attempt_key, origin)
      select donation_id, widget_id, mutirao_page_at_version(mobilization_id, version), community_id, activist_id,
        amount, payment_method, 'processing', customer, period, attempt_key, origin
      from rows order by n
      on conflict (attempt_key) do nothing
      returning id
    ),
    consent as (
      insert into activist_consents
        (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
      select community_id, activist_id, 'donations', donation_id, mobilization_id, widget_id,
        consent_text, consent_url, consent_locale
      from rows join donation on donation.id = rows.donation_id where activist_id is not null order by n
    )
    select input.n, coalesce(donation.id, existing.id) as id, donation.id is not null as fresh, recipient.recipient_id
    from input
    join recipient on recipient.n = input.n
    left join rows on rows.n = input.n
    left join donation on donation.id = rows.donation_id
    left join existing on existing.attempt_key = input.attempt_key
    order by input.n`;
}

/** Runs `claimStatement`: for each row in order, what the claim found (`Claimed`; undefined for such a race). */
async function claimBatch(db: Db, rows: ClaimRow[]): Promise<(Claimed | undefined)[]> {
  const result = (await db.execute(claimStatement(rows))) as unknown as {
    rows: { n: number; id: number | null; fresh: boolean; recipient_id: string | null }[];
  };
  return result.rows.map((r): Claimed | undefined => {
    if (r.id !== null)
      return r.fresh && r.recipient_id !== null
        ? { id: Number(r.id), fresh: true, recipientId: r.recipient_id }
        : { id: Number(r.id), fresh: false };
    return r.recipient_id === null ? { noRecipient: true } : undefined;
  });
}

const claimWriters = new WeakMap<Db, GroupWriter<ClaimRow, Claimed | undefined>>();

/**
 * This process's group-commit writer of donation claims for the database (`GroupWriter`): on the embedded engine one
 * writer, on PostgreSQL `writers`. One attempt at most once per batch; one person too, since one statement cannot
 * upsert the same activist twice.
 */
export function claimWriter(database: Pick<Database, 'db' | 'kind'>, writers: number) {
  let writer = claimWriters.get(database.db);
  if (!writer) {
    writer = new GroupWriter((rows) => claimBatch(database.db, rows), {
      kind: 'donation',
      writers: database.kind === 'pglite' ? 1 : writers,
      maxBatch: 100,
      person: (row) => `${row.community_id}:${row.email.toLowerCase()}`,
    });
    claimWriters.set(database.db, writer);
  }
  return writer;
}
