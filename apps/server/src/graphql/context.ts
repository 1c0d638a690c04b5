import type { Locale } from '@mutirao/core';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { AppContext } from '../context';
import type { UserRow } from '../http/session';
import { GRAPHQL_LIMITS } from './limits';
import type { Surface } from './read';

export interface GraphQLContext {
  /** In a mutation document, `app.db` is the document's transaction. */
  app: AppContext;
  user: UserRow;
  locale: Locale;
  /** Per-request batch loaders, so a relation costs one query per level of the document, not one per row. */
  loaders: Map<string, DataLoader<number, unknown>>;
  /** The generated surface, for custom fields that answer with generated rows. */
  surface: Surface;
  /**
   * Work for after the document's transaction commits (a mutation's outside effects), given the context outside the
   * transaction; nothing runs when the document fails. A query or subscription runs it when it is done.
   */
  afterCommit: (fn: (app: AppContext) => Promise<void>) => void;
}

/**
 * What a signed-out root field (`GraphQLModule.signedOut`) is given: the same context, with `user` only when the
 * caller is signed in, and the caller's IP for the rate limits (absent outside an HTTP request).
 */
export type SignedOutContext = Omit<GraphQLContext, 'user'> & { user?: UserRow; ip?: string };

/**
 * The request's loader for one relation: every row of a level asks for its key in the same tick, and `batch`
 * answers all of them with one query. `batch` returns a map from key to value; keys it leaves out are null.
 */
export function loaderOf<V>(
  gctx: GraphQLContext,
  name: string,
  batch: (keys: readonly number[]) => Promise<Map<number, V>>,
): DataLoader<number, V | null> {
  let loader = gctx.loaders.get(name) as DataLoader<number, V | null> | undefined;
  if (!loader) {
    loader = new DataLoader<number, V | null>(async (keys) => {
      const found = await batch(keys);
      return keys.map((k) => found.get(k) ?? null);
    });
    gctx.loaders.set(name, loader as DataLoader<number, unknown>);
  }
  return loader;
}

/** Lists are capped like Hasura's row limit; a negative limit or offset is a clear error, not a database one. */
export function pageOf(
  args: { limit?: number | null; offset?: number | null },
  fallback: number = GRAPHQL_LIMITS.defaultRows,
) {
  if ((args.limit ?? 0) < 0 || (args.offset ?? 0) < 0)
    throw new GraphQLError('api.negativePage', { extensions: { code: 'validation-failed' } });
  return {
    limit: Math.min(args.limit ?? fallback, GRAPHQL_LIMITS.maxRows),
    offset: args.offset ?? 0,
  };
}
