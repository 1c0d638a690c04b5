import type { ActionKind } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { GroupWriter } from '../db/groupWriter';
import { type ActionSource, widgetCounters } from '../db/schema';

/** A kind of action's batch: its name, its statement (ending in `actionBatchAnswers`), and whom each row is about. */
export interface ActionBatch<Row> {
  /** `GroupWriterOptions.kind`. */
  kind: string;
  statement(rows: Row[]): SQL;
  person(row: Row): string | undefined;
}

/** A group-commit writer of one kind of action on `db`. */
export function actionWriter<Row>(db: Db, batch: ActionBatch<Row>, options: { writers: number; maxBatch: number }) {
  return new GroupWriter<Row, ActionWritten>((rows) => writeActionBatch(db, batch.statement(rows)), {
    ...options,
    kind: batch.kind,
    person: batch.person,
  });
}

/**
 * This process's writer of one kind of action for each database, made on first use: on the embedded engine one
 * writer; on PostgreSQL `writersOnPostgres`, so a batch's round trip overlaps the next batch's.
 */
export function actionWriters<Row>(batch: ActionBatch<Row>) {
  const writers = new WeakMap<Db, GroupWriter<Row, ActionWritten>>();
  return (database: Pick<Database, 'db' | 'kind'>, writersOnPostgres: number): GroupWriter<Row, ActionWritten> => {
    let writer = writers.get(database.db);
    if (!writer) {
      const n = database.kind === 'pglite' ? 1 : writersOnPostgres;
      writer = actionWriter(database.db, batch, { writers: n, maxBatch: 100 });
      writers.set(database.db, writer);
    }
    return writer;
  };
}

/** What a batch of actions answers for each of its rows (`actionBatchAnswers`), in the order they came. */
export interface ActionWritten {
  id: number;
  createdAt: Date;
  /** The widget's count including this action, as the statement saw it. */
  count: number;
  /** An outbox row the batch queued, if it queued any (the caller nudges the relay). */
  outboxId: number | undefined;
  /** The communities whose Mailchimp queue got a row in this batch. */
  mailchimpCommunities: number[];
}

/**
 * Two CTEs every batch of actions writes from its `rows` CTE (with `n`, `community_id`, `activist_id`, `widget_id`,
 * `mobilization_id`, the consent notice's `consent_text, consent_url, consent_locale` and the action's id in
 * `idColumn`): `consent`, each person's consent notice, and `mailchimp`, the Mailchimp queue rows where the community
 * syncs. Rows without a person get neither.
 */
export function actionBatchConsentAndMailchimp(source: ActionSource, mailchimpKind: ActionKind, idColumn: string): SQL {
  const id = sql.raw(idColumn);
  return sql`
    consent as (
      insert into activist_consents
        (community_id, activist_id, source, action_id, mobilization_id, widget_id, text, page_url, locale)
      select community_id, activist_id, ${source}, ${id}, mobilization_id, widget_id,
        consent_text, consent_url, consent_locale
      from rows where activist_id is not null order by n
    ),
    mailchimp as (
      insert into mailchimp_queue (community_id, kind, action_id, activist_id, widget_id, mobilization_id)
      select rows.community_id, ${mailchimpKind}, ${id}, activist_id, widget_id, mobilization_id
      from rows join communities on communities.id = rows.community_id
      where activist_id is not null
        and communities.mailchimp_api_key is not null and communities.mailchimp_list_id is not null
      order by n
      on conflict do nothing
      returning community_id
    )`;
}

/**
 * The end of a batch statement of actions: for each row of its `rows` CTE (with `n`, `widget_id` and the action's id
 * in `idColumn`), joined to the `written` CTE's `id, created_at`, the count before the statement plus the row's place
 * among the batch's rows of its widget (the counter triggers run at the statement's end), and what its `mail` and
 * `mailchimp` CTEs wrote.
 */
export function actionBatchAnswers(written: string, idColumn: string): SQL {
  const w = sql.raw(written);
  return sql`
    select ${w}.id, ${w}.created_at,
      (select coalesce(sum(${widgetCounters.actions}), 0) from ${widgetCounters}
        where ${widgetCounters.widgetId} = rows.widget_id)
        + row_number() over (partition by rows.widget_id order by rows.n) as count,
      (select min(id) from mail) as outbox_id,
      (select array_agg(distinct community_id) from mailchimp) as mailchimp
    from ${w} join rows on rows.${sql.raw(idColumn)} = ${w}.id
    order by rows.n`;
}

interface AnswerRow {
  id: number;
  created_at: Date | string;
  count: number | string;
  outbox_id: number | null;
  mailchimp: number[] | string | null;
}

/** Runs a batch statement that ends in `actionBatchAnswers`. */
export async function writeActionBatch(db: Db, statement: SQL): Promise<ActionWritten[]> {
  const result = (await db.execute(statement)) as unknown as { rows: AnswerRow[] };
  return result.rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at),
    count: Number(r.count),
    outboxId: r.outbox_id === null ? undefined : Number(r.outbox_id),
    mailchimpCommunities: idList(r.mailchimp),
  }));
}

/** Postgres arrays come back parsed from node-postgres and as text (`{1,2}`) from some drivers. */
const idList = (value: number[] | string | null): number[] =>
  value === null
    ? []
    : typeof value === 'string'
      ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : value.map(Number);
