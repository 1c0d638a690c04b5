import { type Locale, periodLabelKey, type TimeZone, translate } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activists, donations, mobilizations, subscriptions } from '../db/schema';
import { EXPORT_BATCH, keysetCsv, pinnedBatch } from './keyset';
import { type ReportReader, seconds, zonedText } from './reader';

/*
 * The community's donation reports (spec 01 §7 `donation_reports.csv` and `download_subscriptions.csv`): every
 * donation charge and every recurring donation, whatever page or widget they came through (a removed page's rows
 * stay the community's). Streamed like the form export: keyset batches over `(community_id, id)`, which only
 * `donations_community_id_idx` and `subscriptions_community_id_idx` serve in that order (the `(community_id,
 * created_at)` indexes would need a sort of the remaining rows per batch, since several rows share a time), with the
 * page and the activist as lateral primary-key lookups.
 */

/**
 * Whole reais as a spreadsheet reads a number: two decimals, no currency sign or thousands separator, with the
 * caller's decimal mark (a comma in Portuguese and Spanish, where spreadsheets read '1234,50' as a number; the cell
 * is quoted because of it).
 */
export function spreadsheetAmount(cents: number, locale: Locale): string {
  const text = (cents / 100).toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** A label from the catalogue when there is one for this code; the code itself otherwise (a state we never saw). */
function labelOf(locale: Locale, section: string, code: string | null): string {
  if (!code) return '';
  const key = `donationReports.${section}.${code}`;
  const text = translate(locale, key);
  return text === key ? code : text;
}

const periodOf = (locale: Locale, period: number | null) => (period ? translate(locale, periodLabelKey(period)) : '');

/** The donor as given at checkout (`customer`), falling back to the activist row for anything missing. */
const donor = sql`
  coalesce(nullif(x.customer->>'name', ''), a.name) as name,
  coalesce(nullif(x.customer->>'email', ''), a.email) as email`;

const lookups = sql`
  left join lateral (select name from ${mobilizations} where id = x.mobilization_id) m on true
  left join lateral (select name, email, phone, city from ${activists} where id = x.activist_id) a on true`;

interface DonationRow {
  id: number;
  created_at: string;
  page: string | null;
  widget_id: number | null;
  name: string | null;
  email: string | null;
  document: string | null;
  phone: string | null;
  city: string | null;
  payment_method: string;
  amount: number;
  status: string;
  subscription_id: number | null;
  period: number | null;
  transaction_id: string | null;
  origin: string | null;
}

function donationBatch(db: Db, communityId: number, afterId: number, timeZone: TimeZone) {
  return pinnedBatch<DonationRow>(
    db,
    sql`
      select x.id, ${zonedText(sql`x.created_at`, timeZone)} as created_at, m.name as page, x.widget_id, ${donor},
        x.customer->>'document_number' as document,
        coalesce(nullif(concat_ws(' ', x.customer->'phone'->>'ddd', x.customer->'phone'->>'number'), ''), a.phone)
          as phone,
        coalesce(nullif(x.customer->'address'->>'city', ''), a.city) as city,
        x.payment_method, x.amount, x.status, x.subscription_id, x.period, x.transaction_id, x.origin
      from ${donations} x ${lookups}
      where (x.community_id, x.id) > (${communityId}, ${afterId}) and x.community_id <= ${communityId}
      order by x.community_id, x.id
      limit ${EXPORT_BATCH}`,
  );
}

/** Every donation of the community, oldest first, as CSV text in chunks (a BOM and the header row first). */
export function donationsCsv(db: Db, communityId: number, { locale, timeZone }: ReportReader): AsyncGenerator<string> {
  const t = (column: string) => translate(locale, `donationReports.${column}`, { zone: timeZone });
  const header = [
    t('colId'),
    t('colCreatedAt'),
    t('colPage'),
    t('colWidget'),
    t('colName'),
    t('colEmail'),
    t('colDocument'),
    t('colPhone'),
    t('colCity'),
    t('colPaymentMethod'),
    t('colAmount'),
    t('colStatus'),
    t('colSubscription'),
    t('colPeriod'),
    t('colTransaction'),
    translate(locale, 'embedOrigins.originColumn'),
  ];
  // Where the donation was made: the embedding site's origin, or the page itself (scheduled charges too).
  const ourPage = translate(locale, 'embedOrigins.ourPage');
  return keysetCsv(
    header,
    (afterId) => donationBatch(db, communityId, afterId, timeZone),
    (r) => [
      r.id,
      seconds(r.created_at),
      r.page,
      r.widget_id,
      r.name,
      r.email,
      r.document,
      r.phone,
      r.city,
      labelOf(locale, 'method', r.payment_method),
      spreadsheetAmount(Number(r.amount), locale),
      labelOf(locale, 'status', r.status),
      r.subscription_id,
      periodOf(locale, r.period),
      r.transaction_id,
      r.origin ?? ourPage,
    ],
  );
}

interface SubscriptionRow {
  id: number;
  created_at: string;
  name: string | null;
  email: string | null;
  amount: number;
  period: number;
  status: string;
  process_at: string | null;
  canceled_at: string | null;
  page: string | null;
  widget_id: number | null;
}

function subscriptionBatch(db: Db, communityId: number, afterId: number, timeZone: TimeZone) {
  return pinnedBatch<SubscriptionRow>(
    db,
    sql`
      select x.id, ${zonedText(sql`x.created_at`, timeZone)} as created_at, ${donor}, x.amount, x.period, x.status,
        x.process_at::text as process_at, ${zonedText(sql`x.canceled_at`, timeZone)} as canceled_at,
        m.name as page, x.widget_id
      from ${subscriptions} x ${lookups}
      where (x.community_id, x.id) > (${communityId}, ${afterId}) and x.community_id <= ${communityId}
      order by x.community_id, x.id
      limit ${EXPORT_BATCH}`,
  );
}

/** Every recurring donation of the community, oldest first, cancelled ones included, as CSV text in chunks. */
export function subscriptionsCsv(
  db: Db,
  communityId: number,
  { locale, timeZone }: ReportReader,
): AsyncGenerator<string> {
  const t = (column: string) => translate(locale, `donationReports.${column}`, { zone: timeZone });
  const header = [
    t('colId'),
    t('colCreatedAt'),
    t('colName'),
    t('colEmail'),
    t('colAmount'),
    t('colPeriod'),
    t('colStatus'),
    t('colNextCharge'),
    t('colCanceledAt'),
    t('colPage'),
    t('colWidget'),
  ];
  return keysetCsv(
    header,
    (afterId) => subscriptionBatch(db, communityId, afterId, timeZone),
    (r) => [
      r.id,
      seconds(r.created_at),
      r.name,
      r.email,
      spreadsheetAmount(Number(r.amount), locale),
      periodOf(locale, r.period),
      labelOf(locale, 'subscriptionStatus', r.status),
      r.process_at,
      seconds(r.canceled_at),
      r.page,
      r.widget_id,
    ],
  );
}
