import type { Actor } from '@mutirao/core';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { GraphQLResolveInfo } from 'graphql';
import type { MutationArgs, QueryArgs } from './args.generated';
import type { GraphQLContext } from './context';
import type { RelationModel, ScalarName } from './model';

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
   * Makes the field usable in the table's `_bool_exp` as a column of this scalar type (Hasura allows a computed field
   * there): `sql` is its value for the row being filtered, an expression over the table's own columns.
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

/**
 * A view: rows the API serves as a table's, answered by a query over the data model instead of a stored table (a
 * name the original service had for what we keep differently). `table` only names and types the columns (it is
 * declared beside the view, not in `db/schema`, so no migration makes it); `rows` selects them under those names.
 */
export interface ViewSource {
  table: PgTable;
  rows: SQL;
}

export interface TablePolicy {
  select: RowFilter;
  /** Served by a query, read-only: no `_by_pk` and no mutations are generated for it. */
  view?: ViewSource;
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
  /**
   * Relationships no foreign key makes (Hasura's manual ones), by name: read, filtered and aggregated as generated
   * ones are. The target must be exposed.
   */
  relations?: Record<string, Omit<RelationModel, 'name'>>;
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
   * Root fields (of `resolvers`) that a signed-out caller may use: the sign-in, sign-up and password-reset fields.
   * A document with one of them holds only such fields; it runs outside a document transaction (each field keeps
   * its own, so a refused sign-in still counts against the rate limit), with `user` set only when signed in
   * (`SignedOutContext`). Nothing else is reachable signed out.
   */
  signedOut?: readonly string[];
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
