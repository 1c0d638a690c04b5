import type { Actor } from '@mutirao/core';
import type { SQL } from 'drizzle-orm';
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationArgs, QueryArgs } from './args.generated';
import type { GraphQLContext } from './context';
import type { ScalarName } from './model';

/*
 * What each domain tells the generated surface about its tables: which rows a caller sees and may change, which
 * columns never leave the server, and which writes must go through the domain's own service. A table with no
 * policy is not part of the GraphQL surface at all.
 */

/** Rows the actor may see or touch; `undefined` means every row (a platform admin's usual answer). */
export type RowFilter = (actor: Actor) => SQL | undefined;

/** A generated row: one property per column, and relationships and computed fields as methods. */
export type GraphQLNode = Record<string, unknown>;

export type Resolver = (args: never, gctx: GraphQLContext, info: GraphQLResolveInfo) => unknown;

export interface ComputedField {
  /** The field's SDL, e.g. `users_count: Int!`. */
  sdl: string;
  resolve: (node: GraphQLNode, args: Record<string, unknown>, gctx: GraphQLContext) => unknown;
  /**
   * Makes the field a filter too: `<table>_bool_exp` gets `<name>: <type>_comparison_exp`, compared against `sql`,
   * an expression over the table's row (e.g. `expires_at <= now()`).
   */
  filter?: { type: ScalarName; sql: () => SQL };
}

export interface InsertPolicy {
  /** Columns a caller may give; others are refused by name. */
  columns: readonly string[];
  /** Columns the server sets from the caller (e.g. `user_id`). */
  preset?: (actor: Actor) => Record<string, unknown>;
  /** The inserted rows must satisfy this, or the whole document is rolled back. */
  check: RowFilter;
}

export interface UpdatePolicy {
  /** Rows the actor may change (a row outside it is simply not matched, as Hasura does). */
  filter: RowFilter;
  /** Columns a caller may set with the generic update; unused when `apply` is given. */
  columns?: readonly string[];
  /** The domain's own update of one row, used instead of a generic `UPDATE` so its rules hold. */
  apply?: (gctx: GraphQLContext, id: number, set: Record<string, unknown>) => Promise<void>;
}

export interface DeletePolicy {
  filter: RowFilter;
  /** The domain's own removal (a soft delete, a cascade), instead of a generic `DELETE`. */
  apply?: (gctx: GraphQLContext, ids: number[]) => Promise<void>;
}

export interface TablePolicy {
  select: RowFilter;
  /** Reads show live rows only (`deleted_at is null`); writes still return the row they soft-delete. */
  live?: boolean;
  /** Columns absent from the schema (password hashes, token hashes). */
  hidden?: readonly string[];
  /** Secrets that may be written where allowed but always read as null. */
  writeOnly?: readonly string[];
  insert?: InsertPolicy;
  update?: UpdatePolicy;
  delete?: DeletePolicy;
  /** Computed fields and extra relationships, beside the generated ones. */
  fields?: Record<string, ComputedField>;
}

type RootArgs = QueryArgs & MutationArgs;

/** Custom root fields, each typed with its arguments as the schema declares them (`args.generated.ts`). */
export type RootResolvers = {
  [K in keyof RootArgs]?: (args: RootArgs[K], gctx: GraphQLContext, info: GraphQLResolveInfo) => unknown;
};

/** One domain's share of the GraphQL API, combined by the composition root. */
export interface GraphQLModule {
  tables?: Record<string, TablePolicy>;
  /** Extra SDL: custom inputs, `extend type query_root { ... }`. */
  sdl?: string;
  /** Root fields by name; a name the generator also makes replaces the generated field's resolver. */
  resolvers?: RootResolvers;
  /**
   * Subscription fields (declared in `sdl` on `subscription_root`): each returns the events to send, every event an
   * object holding the field's value under the field's name.
   */
  subscriptions?: Record<string, (args: never, gctx: GraphQLContext) => AsyncIterable<Record<string, unknown>>>;
  /**
   * Computed fields added to tables another module gives the policy of (e.g. the original clients' names for what
   * the table already holds), merged into that policy's `fields`.
   */
  fields?: Record<string, Record<string, ComputedField>>;
}
