import type { Locale } from '@mutirao/core';
import type { AppContext } from '../context';
import type { UserRow } from '../http/session';

export interface GraphQLContext {
  app: AppContext;
  user: UserRow;
  locale: Locale;
}

/** Hasura list arguments. */
export type ListArgs = { where?: Record<string, unknown>; order_by?: unknown; limit?: number; offset?: number };

/** Lists are capped like Hasura's default row limit. */
export const MAX_ROWS = 500;
export const pageOf = (args: ListArgs) => ({ limit: Math.min(args.limit ?? 100, MAX_ROWS), offset: args.offset ?? 0 });
