import { BRAZILIAN_STATES, msg } from '@mutirao/core';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';
import { workableCommunityFilter } from '../../communities/access';
import { blocks, communities, mobilizations, plipSignatures, plips, widgets } from '../../db/schema';
import { type GraphQLContext, loaderOf, pageOf } from '../../graphql/context';
import { domainErrors, refuseUpsert } from '../../graphql/errors';
import { compare, ordered } from '../../graphql/hasura';
import type { GraphQLModule } from '../../graphql/policy';
import { actorIn, type Exp } from '../../graphql/read';
import { AppError } from '../../http/errors';

/*
 * PLIPs brought from Bonde (issue 36, `db/schema/plips.ts`), served as Bonde's Hasura served them to its admin
 * client: the two tables with their manual relationship on the sheet's code, Bonde's computed fields
 * `confirmed_signatures` and `status` (usable in `where`, as the client's filters use them), the function
 * `plip_signatures_by_state`, the view `plips_subscribers_range`, and `insert_plip_signatures_one` to record a
 * returned sheet. Every row is seen by the members of its community only; the rest is absent, never an error.
 */

/*
 * The computed fields as SQL over the row of `plips` being read or filtered. Written out rather than built from the
 * Drizzle columns: Drizzle drops a column's table name inside a single-table select list, and these expressions
 * always name the outer `plips` row (the generated surface reads the table under its own name).
 */

/** Signatures confirmed under a sign-up's code on its widget (null when no sheet came back). */
const CONFIRMED =
  '(select sum(ps.confirmed_signatures) from plip_signatures ps where ps.widget_id = plips.widget_id and ps.unique_identifier = plips.unique_identifier)';
const confirmedSql = () => sql.raw(CONFIRMED);

/**
 * Days a person has to return a sheet, by the signatures they said they would collect (Bonde's tiers); a sign-up
 * past its deadline with no sheet back is PENDENTE. Other amounts have no deadline.
 */
const DEADLINE_DAYS: Record<number, number> = {
  10: 30,
  20: 60,
  30: 90,
  40: 120,
  50: 150,
  100: 180,
  500: 210,
  1000: 240,
};
const DEADLINE = `case plips.expected_signatures ${Object.entries(DEADLINE_DAYS)
  .map(([expected, days]) => `when ${Number(expected)} then ${Number(days)}`)
  .join(' ')} end`;

/** CONCLUIDO once signatures came back, PENDENTE past the deadline without any, INSCRITO otherwise. */
const statusSql = () =>
  sql.raw(`(case when ${CONFIRMED} > 0 then 'CONCLUIDO'
    when ${CONFIRMED} is null and plips.created_at <= now() - make_interval(days => ${DEADLINE}) then 'PENDENTE'
    else 'INSCRITO' end)`);

/** Both computed fields of a page of sign-ups, in one query. */
function figuresOf(gctx: GraphQLContext) {
  return loaderOf(gctx, 'plips.figures', async (ids) => {
    const rows = await gctx.app.db
      .select({ id: plips.id, confirmed: confirmedSql(), status: statusSql() })
      .from(plips)
      .where(inArray(plips.id, [...ids]));
    return new Map(
      rows.map((r) => [
        r.id,
        { confirmed: r.confirmed === null ? null : Number(r.confirmed), status: String(r.status) },
      ]),
    );
  });
}

const MAX_SIGNATURES = 100_000;
const ACCEPTED = ['widget_id', 'unique_identifier', 'confirmed_signatures', 'state', 'created_at', 'user_id', 'id'];

/**
 * Records one returned sheet: the widget must be one of the caller's communities' and have a sign-up with the
 * sheet's code; the community, the sign-up's e-mail and the recording user are set here, not by the caller (Bonde
 * set `user_id` from the session too).
 */
async function insertSignature(gctx: GraphQLContext, object: Exp): Promise<number> {
  const errors: Record<string, string[]> = {};
  for (const key of Object.keys(object))
    if (!ACCEPTED.includes(key)) errors[key] = [msg('api.columnNotAllowed', { field: key })];
  const widgetId = object.widget_id;
  const code = typeof object.unique_identifier === 'string' ? object.unique_identifier.trim() : '';
  const confirmed = object.confirmed_signatures;
  const state = object.state;
  if (typeof widgetId !== 'number') errors.widget_id = [msg('plips.widgetRequired')];
  if (!code) errors.unique_identifier = [msg('plips.codeRequired')];
  if (typeof confirmed !== 'number' || !Number.isInteger(confirmed) || confirmed < 1 || confirmed > MAX_SIGNATURES)
    errors.confirmed_signatures = [msg('plips.signaturesInvalid', { max: MAX_SIGNATURES })];
  if (
    state !== undefined &&
    state !== null &&
    !(typeof state === 'string' && (BRAZILIAN_STATES as readonly string[]).includes(state.trim().toUpperCase()))
  )
    errors.state = [msg('plips.stateInvalid')];
  let createdAt: Date | undefined;
  if (object.created_at !== undefined && object.created_at !== null) {
    createdAt = new Date(object.created_at as string);
    if (typeof object.created_at !== 'string' || Number.isNaN(createdAt.getTime()))
      errors.created_at = [msg('plips.dateInvalid')];
  }
  if (Object.keys(errors).length) throw new AppError('unprocessable', errors);

  const db = gctx.app.db;
  const [widget] = await db
    .select({ communityId: mobilizations.communityId })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .innerJoin(mobilizations, eq(mobilizations.id, blocks.mobilizationId))
    .where(
      and(
        eq(widgets.id, widgetId as number),
        isNull(widgets.deletedAt),
        workableCommunityFilter(actorIn(gctx), mobilizations.communityId),
      ),
    );
  if (!widget) throw new AppError('unprocessable', { widget_id: [msg('plips.widgetNotFound')] });
  const [plip] = await db
    .select({ email: sql<string | null>`${plips.formData} ->> 'email'` })
    .from(plips)
    .where(and(eq(plips.widgetId, widgetId as number), eq(plips.uniqueIdentifier, code)))
    .orderBy(sql`${plips.createdAt} desc`)
    .limit(1);
  if (!plip) throw new AppError('unprocessable', { unique_identifier: [msg('plips.codeUnknown', { code })] });
  const [row] = await db
    .insert(plipSignatures)
    .values({
      communityId: widget.communityId,
      widgetId: widgetId as number,
      uniqueIdentifier: code,
      confirmedSignatures: confirmed as number,
      state: typeof state === 'string' ? state.trim().toUpperCase() : null,
      email: plip.email,
      userId: gctx.user.id,
      ...(createdAt ? { createdAt } : {}),
    })
    .returning({ id: plipSignatures.id });
  return (row as { id: number }).id;
}

async function insertSignatures(gctx: GraphQLContext, objects: Exp[], onConflict: unknown) {
  refuseUpsert(onConflict, objects);
  const ids: number[] = [];
  for (const object of objects) ids.push(await insertSignature(gctx, object));
  const t = gctx.surface.table('plip_signatures');
  return gctx.surface.byIds(t, gctx, ids, undefined);
}

/** Signatures and expected signatures per state of a widget's sheets, as Bonde's function answered them. */
async function signaturesByState(gctx: GraphQLContext, widgetId: number) {
  const actor = actorIn(gctx);
  const sheets = gctx.app.db
    .select({
      state: plipSignatures.state,
      code: plipSignatures.uniqueIdentifier,
      confirmed: sql`sum(${plipSignatures.confirmedSignatures})`.as('confirmed'),
    })
    .from(plipSignatures)
    .where(and(eq(plipSignatures.widgetId, widgetId), workableCommunityFilter(actor, plipSignatures.communityId)))
    .groupBy(plipSignatures.state, plipSignatures.uniqueIdentifier)
    .as('sheets');
  const signUps = gctx.app.db
    .select({
      code: plips.uniqueIdentifier,
      expected: sql`sum(${plips.expectedSignatures})`.as('expected'),
    })
    .from(plips)
    .where(and(eq(plips.widgetId, widgetId), workableCommunityFilter(actor, plips.communityId)))
    .groupBy(plips.uniqueIdentifier)
    .as('sign_ups');
  const rows = await gctx.app.db
    .select({
      state: sheets.state,
      confirmed: sql`sum(${sheets.confirmed})`,
      expected: sql`sum(${signUps.expected})`,
    })
    .from(sheets)
    .innerJoin(signUps, eq(signUps.code, sheets.code))
    .groupBy(sheets.state)
    .orderBy(sql`${sheets.state} asc nulls last`);
  const number = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    state: r.state,
    confirmed_signatures: number(r.confirmed),
    expected_signatures: number(r.expected),
  }));
}

/**
 * Bonde's view `plips_subscribers_range`: sign-ups per widget and day. A day is the community's own (its time
 * zone), not the server's.
 */
async function subscribersRange(
  gctx: GraphQLContext,
  args: { where?: Exp | null; order_by?: unknown; limit?: number | null; offset?: number | null },
) {
  const tz = sql`${communities.timeZone}`;
  const days = gctx.app.db
    .select({
      widgetId: plips.widgetId,
      day: sql`date_trunc('day', ${plips.createdAt} at time zone ${tz}) at time zone ${tz}`.as('day'),
      total: sql`count(*)`.as('total'),
    })
    .from(plips)
    .innerJoin(communities, eq(communities.id, plips.communityId))
    .where(workableCommunityFilter(actorIn(gctx), plips.communityId))
    .groupBy(plips.widgetId, sql`2`, communities.timeZone)
    .as('days');
  const columns: Record<string, SQL> = {
    widget_id: sql`${days.widgetId}`,
    created_at: sql`${days.day}`,
    total: sql`${days.total}`,
  };
  const { limit, offset } = pageOf(args);
  const rows = await gctx.app.db
    .select({ widgetId: days.widgetId, day: days.day, total: days.total })
    .from(days)
    .where(rangeExp(columns, args.where))
    .orderBy(...orderOf(columns, args.order_by), sql`${days.widgetId}`, sql`${days.day}`)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({
    widget_id: r.widgetId,
    created_at: new Date(r.day as string).toISOString(),
    total: Number(r.total),
  }));
}

/** A `plips_subscribers_range_bool_exp` over the view's three columns. */
function rangeExp(columns: Record<string, SQL>, exp: Exp | null | undefined): SQL | undefined {
  if (!exp) return undefined;
  const parts: (SQL | undefined)[] = [];
  for (const [key, value] of Object.entries(exp)) {
    if (value === undefined || value === null) continue;
    if (key === '_and') parts.push(and(...(value as Exp[]).map((e) => rangeExp(columns, e) ?? sql`true`)));
    else if (key === '_or')
      parts.push(
        sql`(${sql.join(
          (value as Exp[]).map((e) => rangeExp(columns, e) ?? sql`true`),
          sql` or `,
        )})`,
      );
    else if (key === '_not') {
      const inner = rangeExp(columns, value as Exp);
      parts.push(inner ? sql`not (${inner})` : sql`false`);
    } else {
      const column = columns[key];
      if (!column)
        throw new GraphQLError(`field '${key}' not found in type: 'plips_subscribers_range_bool_exp'`, {
          extensions: { code: 'validation-failed' },
        });
      parts.push(compare(column as unknown as AnyPgColumn, value as Exp));
    }
  }
  const joined = and(...parts);
  return joined ? sql`(${joined})` : undefined;
}

function orderOf(columns: Record<string, SQL>, orderBy: unknown): SQL[] {
  const entries = (Array.isArray(orderBy) ? orderBy : orderBy ? [orderBy] : []) as Exp[];
  return entries.flatMap((entry) =>
    Object.entries(entry).flatMap(([key, direction]) => {
      const column = columns[key];
      return column && direction ? [ordered(column, String(direction))] : [];
    }),
  );
}

export const plipGraphQL: GraphQLModule = {
  tables: {
    plips: {
      select: (actor) => workableCommunityFilter(actor, plips.communityId),
      relations: {
        plip_signatures: {
          kind: 'array',
          target: 'plip_signatures',
          from: 'unique_identifier',
          to: 'unique_identifier',
        },
      },
      fields: {
        confirmed_signatures: {
          sdl: '"Signatures confirmed on the sheets returned under this sign-up\'s code; null when none came back."\n    confirmed_signatures: bigint',
          resolve: async (node, _args, gctx) => (await figuresOf(gctx).load(node.id as number))?.confirmed ?? null,
          filter: { type: 'bigint', sql: confirmedSql },
        },
        status: {
          sdl: '"CONCLUIDO once signatures came back, PENDENTE past the deadline for the expected signatures without any, INSCRITO otherwise."\n    status: String',
          resolve: async (node, _args, gctx) => (await figuresOf(gctx).load(node.id as number))?.status ?? null,
          filter: { type: 'String', sql: statusSql },
        },
      },
    },
    plip_signatures: {
      select: (actor) => workableCommunityFilter(actor, plipSignatures.communityId),
      relations: {
        plips: { kind: 'array', target: 'plips', from: 'unique_identifier', to: 'unique_identifier' },
      },
    },
  },
  sdl: /* GraphQL */ `
    "Signatures per state of a PLIP widget's returned sheets (the result of Bonde's function)."
    type plip_signatures_by_state_result {
      state: String
      confirmed_signatures: bigint
      "Signatures the people who returned sheets in this state said they would collect."
      expected_signatures: bigint
    }
    input plip_signatures_by_state_args { widget_id: Int }
    "Sign-ups to a PLIP widget per day, in the community's time zone (Bonde's view)."
    type plips_subscribers_range {
      widget_id: Int
      "The day's start."
      created_at: timestamptz
      total: bigint
    }
    input plips_subscribers_range_bool_exp {
      _and: [plips_subscribers_range_bool_exp!]
      _or: [plips_subscribers_range_bool_exp!]
      _not: plips_subscribers_range_bool_exp
      widget_id: Int_comparison_exp
      created_at: timestamptz_comparison_exp
      total: bigint_comparison_exp
    }
    input plips_subscribers_range_order_by { widget_id: order_by created_at: order_by total: order_by }
    extend type query_root {
      "A PLIP widget's signatures per state, as a list (it is a Hasura function); empty for a widget outside one's communities."
      plip_signatures_by_state(args: plip_signatures_by_state_args!): [plip_signatures_by_state_result!]!
      "Sign-ups per widget and day, of one's communities' PLIP widgets."
      plips_subscribers_range(
        where: plips_subscribers_range_bool_exp
        order_by: [plips_subscribers_range_order_by!]
        limit: Int
        offset: Int
      ): [plips_subscribers_range!]!
    }
  `,
  resolvers: {
    plip_signatures_by_state: ({ args }, gctx) =>
      domainErrors(gctx.locale, () =>
        typeof args.widget_id === 'number' ? signaturesByState(gctx, args.widget_id) : [],
      ),
    plips_subscribers_range: (args, gctx) => domainErrors(gctx.locale, () => subscribersRange(gctx, args)),
    insert_plip_signatures_one: ({ object, on_conflict }, gctx) =>
      domainErrors(gctx.locale, async () => (await insertSignatures(gctx, [object], on_conflict))[0] ?? null),
    insert_plip_signatures: ({ objects, on_conflict }, gctx) =>
      domainErrors(gctx.locale, async () => {
        const returning = await insertSignatures(gctx, objects, on_conflict);
        return { affected_rows: returning.length, returning };
      }),
  },
};
