import {
  ACTION_KINDS,
  ACTIVIST_OPERATORS,
  ACTIVIST_PERIODS,
  ACTIVIST_SORTS,
  type ActionKind,
  type ActivistOperator,
  type ActivistPeriod,
  type ActivistSort,
} from '@mutirao/core';
import type { ActivistFilterValues, ListQuery, PageAt } from './activistsApi';

export const EMPTY_FILTER: ActivistFilterValues = {
  operator: 'and',
  mobilization_ids: [],
  kinds: [],
  tags: [],
  period: 'always',
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
  values.includes(raw as T) ? (raw as T) : fallback;

const csv = (raw: string | null) => (raw ? raw.split(',').filter(Boolean) : []);

/** The list's state lives in its address (bookmarks and the back button work): filters, segment, order and page. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const sort = oneOf<ActivistSort>(ACTIVIST_SORTS, params.get('sort'), 'last_action');
  const after = params.get('after');
  const before = params.get('before');
  const at: PageAt = after ? { after } : before ? { before } : params.get('last') ? { last: true } : {};
  const segment = Number(params.get('segment'));
  return {
    filter: {
      q: params.get('q') ?? undefined,
      operator: oneOf<ActivistOperator>(ACTIVIST_OPERATORS, params.get('operator'), 'and'),
      mobilization_ids: csv(params.get('mobilization_ids'))
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
      kinds: csv(params.get('kinds')).filter((k): k is ActionKind => ACTION_KINDS.includes(k as ActionKind)),
      tags: params.getAll('tags'),
      period: oneOf<ActivistPeriod>(ACTIVIST_PERIODS, params.get('period'), 'always'),
      from: params.get('from') ?? undefined,
      to: params.get('to') ?? undefined,
    },
    segmentId: Number.isInteger(segment) && segment > 0 ? segment : undefined,
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order'), sort === 'name' ? 'asc' : 'desc'),
    at,
  };
}

/** The address of a list query; the page is left out unless given (a new filter starts at the first page). */
export function writeListQuery(query: Omit<ListQuery, 'at'> & { at?: PageAt }): URLSearchParams {
  const params = new URLSearchParams();
  const { filter } = query;
  if (filter.q) params.set('q', filter.q);
  if (query.segmentId) params.set('segment', String(query.segmentId));
  else {
    if (filter.operator !== 'and') params.set('operator', filter.operator);
    if (filter.mobilization_ids.length) params.set('mobilization_ids', filter.mobilization_ids.join(','));
    if (filter.kinds.length) params.set('kinds', filter.kinds.join(','));
    for (const tag of filter.tags) params.append('tags', tag);
    if (filter.period !== 'always') params.set('period', filter.period);
    if (filter.period === 'custom') {
      if (filter.from) params.set('from', filter.from);
      if (filter.to) params.set('to', filter.to);
    }
  }
  if (query.sort !== 'last_action') params.set('sort', query.sort);
  if (query.order !== (query.sort === 'name' ? 'asc' : 'desc')) params.set('order', query.order);
  for (const [key, value] of Object.entries(query.at ?? {})) params.set(key, String(value));
  return params;
}

/** What the list's controls change: the filter (a segment's, or none), the column to sort by, the page. */
export interface ListChanges {
  filter?: ActivistFilterValues;
  segmentId?: number;
  sort?: ActivistSort;
  at?: PageAt;
}

/**
 * The address after a change: sorting by the same column again flips its order, a new column starts at its natural
 * order (names A to Z, the rest newest or most first), a segment given as undefined is left, and any change without
 * a page starts at the first one.
 */
export function nextListQuery(query: ListQuery, changes: ListChanges): URLSearchParams {
  const sort = changes.sort ?? query.sort;
  const flipped = query.order === 'asc' ? 'desc' : 'asc';
  const order = changes.sort
    ? changes.sort === query.sort
      ? flipped
      : changes.sort === 'name'
        ? 'asc'
        : 'desc'
    : query.order;
  return writeListQuery({
    filter: changes.filter ?? query.filter,
    segmentId: 'segmentId' in changes ? changes.segmentId : query.segmentId,
    sort,
    order,
    at: changes.at,
  });
}

/** How many filters besides the search are set: a phone shows the count on the folded filters' button. */
export function filtersInUse(f: ActivistFilterValues): number {
  return [f.mobilization_ids.length > 0, f.tags.length > 0, f.kinds.length > 0, f.period !== 'always'].filter(Boolean)
    .length;
}
