import { DEFAULT_TIME_ZONE, type Locale, type TimeZone } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import { sqlString } from './copy';

/**
 * Who a report is written for: the language of its headers and labels (the caller's), and the zone of its date
 * columns (the community's, `communityTimeZone`), which each date header names.
 */
export interface ReportReader {
  locale: Locale;
  timeZone: TimeZone;
}

/** A reader in São Paulo's zone unless told otherwise. */
export const readerIn = (locale: Locale, timeZone: TimeZone = DEFAULT_TIME_ZONE): ReportReader => ({
  locale,
  timeZone,
});

/**
 * A timestamptz column as the reports write it: 'YYYY-MM-DD HH:MM:SS', to the second, in the reader's zone (a shape
 * every spreadsheet reads as a date and time). For the keyset batches, a fragment whose text `seconds` cuts.
 */
export const zonedText = (column: SQL, timeZone: TimeZone) => sql`(${column} at time zone ${timeZone})::text`;

/** The same for COPY, which takes no parameters: the whole cell in SQL. */
export const zonedSecondsSql = (column: string, timeZone: TimeZone) =>
  `left((${column} at time zone ${sqlString(timeZone)})::text, 19)`;

/** A date cell from `zonedText`'s text ('' for none). */
export const seconds = (text: string | null) => text?.slice(0, 19) ?? '';
