import type { ActivistFilter, ActivistSort } from '@mutirao/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { filterConditions } from './filter';

export const ACTIVISTS_PER_PAGE = 50;
export const ACTIVISTS_PER_PAGE_MAX = 200;

/** Each order's key, as the `(community_id, key, id)` index of migration 0015 holds it. */
const SORT_KEYS: Record<ActivistSort, { key: SQL; type: 'timestamptz' | 'text' | 'int' }> = {
  // Someone who never acted has no last action: the oldest possible, last in the default newest-first order.
  last_action: { key: sql`coalesce(a.last_action_at, '-infinity'::timestamptz)`, type: 'timestamptz' },
  name: { key: sql`lower(coalesce(a.name, ''))`, type: 'text' },
  created: { key: sql`a.created_at`, type: 'timestamptz' },
  actions: { key: sql`a.actions_count`, type: 'int' },
};

export interface ActivistRow {
  id: number;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  city: string | null;
  gender: string | null;
  tags: string[];
  actions_count: number;
  last_action_at: Date | string | null;
  created_at: Date | string;
  sort_key: string;
}

export interface ActivistPageQuery {
  filter: ActivistFilter;
  sort: ActivistSort;
  order: 'asc' | 'desc';
  /** An opaque cursor from a previous page: the page after it (`after`) or before it (`before`). */
  after?: string;
  before?: string;
  /** The last page, read backwards from the end: as fast as the first. */
  last?: boolean;
  limit: number;
}

/** The cursor is the key and id of a row, base64url JSON: a page boundary that survives inserts and deletes. */
const encodeCursor = (row: ActivistRow) => Buffer.from(JSON.stringify([row.sort_key, row.id])).toString('base64url');

function decodeCursor(cursor: string): [string, number] {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof key === 'string' && Number.isInteger(id)) return [key, id as number];
  } catch {
    // falls through to the field error
  }
  throw new AppError('bad_request', { after: ['activists.cursorInvalid'] });
}

/**
 * One page of the community's people: keyset-paginated on `(key, id)` in either direction, so the thousandth page
 * costs what the first does. `before` and `last` read backwards and turn the rows around, so every page comes in the
 * order asked for. Filters are those of core's `activistFilterSchema`.
 */
export async function activistPage(db: Db, communityId: number, q: ActivistPageQuery) {
  const { key, type } = SORT_KEYS[q.sort];
  const backwards = Boolean(q.before || q.last);
  const ascending = (q.order === 'asc') !== backwards;
  const boundary = q.after ?? q.before;
  const conditions: SQL[] = [sql`a.community_id = ${communityId}`];
  if (boundary) {
    const [value, id] = decodeCursor(boundary);
    const cast = sql.raw(type);
    conditions.push(
      ascending ? sql`(${key}, a.id) > (${value}::${cast}, ${id})` : sql`(${key}, a.id) < (${value}::${cast}, ${id})`,
    );
  }
  const filtered = filterConditions(q.filter, communityId);
  if (filtered) conditions.push(filtered);
  const direction = sql.raw(ascending ? 'asc' : 'desc');
  const result = (await db.execute(sql`
    select a.id, a.name, a.first_name, a.last_name, a.email, a.phone, a.city, a.gender, a.tags, a.actions_count,
           a.last_action_at, a.created_at, (${key})::text as sort_key
    from activists a
    where ${sql.join(conditions, sql` and `)}
    order by ${key} ${direction}, a.id ${direction}
    limit ${q.limit + 1}`)) as unknown as { rows: ActivistRow[] };
  const more = result.rows.length > q.limit;
  const rows = result.rows.slice(0, q.limit);
  if (backwards) rows.reverse();
  const first = rows[0];
  const lastRow = rows[rows.length - 1];
  // Going forwards, more rows mean a next page; going backwards, they mean a previous one.
  const hasNext = backwards ? Boolean(q.before) : more;
  const hasPrevious = backwards ? more : Boolean(q.after);
  return {
    activists: rows.map(presentActivistRow),
    next_cursor: hasNext && lastRow ? encodeCursor(lastRow) : null,
    previous_cursor: hasPrevious && first ? encodeCursor(first) : null,
  };
}

/** How many people the filter set matches (its own request: the list never waits for a count). */
export async function activistCount(db: Db, communityId: number, filter: ActivistFilter): Promise<number> {
  const filtered = filterConditions(filter, communityId);
  const result = (await db.execute(sql`
    select count(*)::int as count from activists a
    where a.community_id = ${communityId}${filtered ? sql` and ${filtered}` : sql``}`)) as unknown as {
    rows: { count: number }[];
  };
  return Number(result.rows[0]?.count ?? 0);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export const presentActivistRow = (r: Omit<ActivistRow, 'sort_key'> & { sort_key?: string }) => ({
  id: Number(r.id),
  name: r.name,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  phone: r.phone,
  city: r.city,
  gender: r.gender,
  tags: r.tags ?? [],
  actions_count: Number(r.actions_count),
  /** Null for a person who took no action yet (added by an import). */
  last_action_at: r.last_action_at === null ? null : iso(r.last_action_at),
  created_at: iso(r.created_at),
});
