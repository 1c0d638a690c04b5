import { msg } from '@mutirao/core';
import { and, count, eq, inArray, min, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { workableCommunityFilter } from '../../communities/access';
import { blocks, outbox, type Widget, widgets } from '../../db/schema';
import type { GraphQLContext } from '../../graphql/context';
import { domainErrors } from '../../graphql/errors';
import type { ComputedField, GraphQLModule, GraphQLNode } from '../../graphql/policy';
import { actorIn, type Exp, type ListArgs, rowOf } from '../../graphql/read';
import { AppError } from '../../http/errors';
import { updateWidget } from '../service';

/*
 * Bonde's pressure targets and its pressure widget's performance, for its admin clients. Bonde kept targets in a
 * `pressure_targets` table, in groups (`identify`, `label`) by widget; we keep them in the widget's settings
 * (`targets`, `pressure_subject`, `pressure_body`, spec 02 §3), one list per widget. So `pressure_targets` is a view
 * of the settings, one row per pressure widget that has targets (its id is the widget's), and its writes are the
 * REST widget update with the same checks and messages: an insert sets the widget's targets, subject and body, a
 * delete empties its targets. A group's `identify` and `label`, which we do not use, are kept in the settings
 * (`pressure_group`) so that the client reads back what it wrote.
 */

export const pressureTargets = pgTable('pressure_targets', {
  /** The widget's id: a widget has one group of targets. */
  id: integer('id').primaryKey(),
  widgetId: integer('widget_id').notNull(),
  targets: jsonb('targets'),
  identify: text('identify').notNull(),
  label: text('label').notNull(),
  emailSubject: text('email_subject'),
  emailBody: text('email_body'),
  communityId: integer('community_id'),
});

const ROWS = sql`select w.id, w.id as widget_id, w.settings->'targets' as targets,
    coalesce(w.settings->'pressure_group'->>'identify', w.id::text) as identify,
    coalesce(w.settings->'pressure_group'->>'label', '') as label,
    w.settings->>'pressure_subject' as email_subject, w.settings->>'pressure_body' as email_body, m.community_id
  from widgets w join blocks b on b.id = w.block_id join mobilizations m on m.id = b.mobilization_id
  where w.kind in ('pressure', 'pressure-phone') and w.deleted_at is null and b.deleted_at is null
    and jsonb_typeof(w.settings->'targets') = 'array' and jsonb_array_length(w.settings->'targets') > 0`;

const view = (gctx: GraphQLContext) => gctx.surface.table('pressure_targets');
const widgetsTable = (gctx: GraphQLContext) => gctx.surface.table('widgets');

/** `widgets.pressure_targets`: Bonde's array relationship, the widget's one group when it has targets. */
export const pressureTargetsField: ComputedField = {
  sdl: `"The widget's targets as Bonde's groups (one group: the settings' targets)."
    pressure_targets(distinct_on: [pressure_targets_select_column!], where: pressure_targets_bool_exp, order_by: [pressure_targets_order_by!], limit: Int, offset: Int): [pressure_targets!]!`,
  resolve: (node, args, gctx) =>
    gctx.surface.rows(view(gctx), gctx, args as ListArgs, eq(pressureTargets.widgetId, node.id as number)),
};

interface TargetsInput {
  id?: number | null;
  widget_id?: number | null;
  targets?: unknown;
  identify?: string | null;
  label?: string | null;
  email_subject?: string | null;
  email_body?: string | null;
}

/** The widgets the caller works on, by id (another community's, or a missing one, is simply not there). */
async function workableWidgets(gctx: GraphQLContext, ids: number[]) {
  if (!ids.length) return new Map<number, { widget: Widget; page: number }>();
  const nodes = await gctx.surface.rows(widgetsTable(gctx), gctx, { limit: ids.length }, inArray(widgets.id, ids));
  const rows = nodes
    .map((n) => rowOf(n) as unknown as Widget)
    .filter((w) => w.kind === 'pressure' || w.kind === 'pressure-phone');
  const pages = rows.length
    ? await gctx.app.db
        .select({ id: blocks.id, page: blocks.mobilizationId })
        .from(blocks)
        .where(
          inArray(
            blocks.id,
            rows.map((w) => w.blockId),
          ),
        )
    : [];
  const pageOf = new Map(pages.map((b) => [b.id, b.page]));
  const found = new Map<number, { widget: Widget; page: number }>();
  for (const widget of rows) {
    const page = pageOf.get(widget.blockId);
    if (page !== undefined) found.set(widget.id, { widget, page });
  }
  return found;
}

const saveSettings = (gctx: GraphQLContext, page: number, widget: Widget, settings: Record<string, unknown>) =>
  updateWidget(gctx.app.db, actorIn(gctx), page, widget.id, { settings });

async function insertTargets(
  gctx: GraphQLContext,
  objects: TargetsInput[],
  onConflict?: { update_columns?: string[] },
) {
  const ids = objects.map((o) => o.widget_id ?? o.id);
  if (ids.some((id) => id == null))
    throw new AppError('unprocessable', { widget_id: [msg('api.requiredValue', { field: 'widget_id' })] });
  if (new Set(ids).size !== ids.length) throw new AppError('unprocessable', { widget_id: [msg('api.oneTargetGroup')] });
  const widgets = await workableWidgets(gctx, ids as number[]);
  const done: number[] = [];
  for (const object of objects) {
    const found = widgets.get((object.widget_id ?? object.id) as number);
    if (!found) continue;
    const { widget, page } = found;
    const current = widget.settings as Record<string, unknown>;
    const hasGroup = Array.isArray(current.targets) && current.targets.length > 0;
    // On a conflict (the widget already has its group), only the columns named in `update_columns` change.
    const columns = onConflict && hasGroup ? new Set(onConflict.update_columns ?? []) : undefined;
    const given = (column: keyof TargetsInput) =>
      object[column] !== undefined && object[column] !== null && (!columns || columns.has(column));
    const group = (current.pressure_group ?? {}) as Record<string, unknown>;
    const settings: Record<string, unknown> = {
      ...current,
      ...(given('targets') && { targets: object.targets }),
      pressure_group: {
        identify: given('identify') || !hasGroup ? (object.identify ?? group.identify) : group.identify,
        label: given('label') ? object.label : group.label,
      },
    };
    if (widget.kind === 'pressure') {
      if (given('email_subject')) settings.pressure_subject = object.email_subject;
      if (given('email_body')) settings.pressure_body = object.email_body;
    }
    await saveSettings(gctx, page, widget, settings);
    done.push(widget.id);
  }
  return { affected_rows: done.length, returning: await viewRows(gctx, done) };
}

const viewRows = (gctx: GraphQLContext, ids: number[]) =>
  ids.length
    ? gctx.surface.rows(view(gctx), gctx, { limit: ids.length }, inArray(pressureTargets.id, ids))
    : Promise.resolve([]);

async function deleteTargets(gctx: GraphQLContext, where: Exp) {
  const rows = await gctx.surface.rows(view(gctx), gctx, { where });
  const widgets = await workableWidgets(
    gctx,
    rows.map((r) => r.widget_id as number),
  );
  const returning: GraphQLNode[] = [];
  for (const row of rows) {
    const found = widgets.get(row.widget_id as number);
    if (!found) continue;
    const { pressure_group: _group, ...rest } = found.widget.settings as Record<string, unknown>;
    await saveSettings(gctx, found.page, found.widget, { ...rest, targets: [] });
    returning.push(row);
  }
  return { affected_rows: returning.length, returning };
}

/*
 * Bonde's performance of a pressure widget came from its mail provider's event feed (SendGrid's `processed`,
 * `delivered`, `deferred`, `bounce`…). Ours is the outbox: each e-mail to a target is `processed`; one sent is
 * `delivered`, one failing and being retried `deferred`, one refused for good `bounce`. Opens are not tracked.
 */
const EVENTS: Record<string, string | undefined> = { sent: 'delivered', failed: 'deferred', bounced: 'bounce' };
/** Addresses in `activity_feed`: a widget's targets are at most a hundred (core's PRESSURE_TARGETS_MAX). */
const FEED_ADDRESSES = 500;

async function widgetMail(gctx: GraphQLContext, widgetId: number) {
  const found = await workableWidgets(gctx, [widgetId]);
  if (!found.size) return [];
  return gctx.app.db
    .select({ address: outbox.toAddress, status: outbox.status, n: count() })
    .from(outbox)
    .where(and(eq(outbox.widgetId, widgetId), eq(outbox.kind, 'pressure-target')))
    .groupBy(outbox.toAddress, outbox.status);
}

function eventsOf(rows: { status: string; n: number }[]) {
  const totals = new Map<string, number>();
  const add = (type: string, n: number) => totals.set(type, (totals.get(type) ?? 0) + n);
  for (const r of rows) {
    add('processed', Number(r.n));
    const event = EVENTS[r.status];
    if (event) add(event, Number(r.n));
  }
  return [...totals].map(([event_type, total]) => ({ event_type, total }));
}

export const pressureTargetsGraphQL: GraphQLModule = {
  tables: {
    pressure_targets: {
      view: { table: pressureTargets, rows: ROWS },
      hidden: ['community_id'],
      select: (actor) => workableCommunityFilter(actor, pressureTargets.communityId),
    },
  },
  sdl: /* GraphQL */ `
    enum pressure_targets_constraint { pressure_targets_pkey unique_identify_widget_id }
    enum pressure_targets_update_column { email_body email_subject id identify label targets widget_id }
    input pressure_targets_insert_input {
      email_body: String email_subject: String id: Int identify: String label: String targets: jsonb widget_id: Int
    }
    input pressure_targets_on_conflict {
      constraint: pressure_targets_constraint! update_columns: [pressure_targets_update_column!]! = []
      where: pressure_targets_bool_exp
    }
    type pressure_targets_mutation_response { affected_rows: Int! returning: [pressure_targets!]! }
    extend type mutation_root {
      "Sets each widget's targets, subject and body (its settings), checked as the widget's settings are."
      insert_pressure_targets(objects: [pressure_targets_insert_input!]!, on_conflict: pressure_targets_on_conflict): pressure_targets_mutation_response
      "Empties the targets of the widgets whose group matches."
      delete_pressure_targets(where: pressure_targets_bool_exp!): pressure_targets_mutation_response
    }
    type activity_feed_event { event_type: String! total: Int! }
    type activity_feed_total { events: [activity_feed_event!]! }
    type activity_feed_email { email: String! total: Int! events: [activity_feed_event!]! }
    type activity_feed_page { data: [activity_feed_email!]! }
    type activity_feed_first { "Unix seconds of the first e-mail to a target, or null." min_timestamp: Float }
    input activity_feed_filter { widget_id: Int! offset: Int }
    extend type query_root {
      "The e-mails to a pressure widget's targets, by event (from our outbox)."
      activity_feed_total(widget_id: Int!): activity_feed_total!
      "The same, per target address."
      activity_feed(filter: activity_feed_filter!): activity_feed_page!
      "When the first e-mail to a target of the caller's communities went out."
      activity_feed_timestamp: activity_feed_first!
    }
  `,
  resolvers: {
    insert_pressure_targets: (args, gctx) =>
      domainErrors(gctx.locale, () =>
        insertTargets(gctx, args.objects as TargetsInput[], args.on_conflict as { update_columns?: string[] }),
      ),
    delete_pressure_targets: (args, gctx) => domainErrors(gctx.locale, () => deleteTargets(gctx, args.where as Exp)),
    activity_feed_total: async (args, gctx) => ({ events: eventsOf(await widgetMail(gctx, args.widget_id)) }),
    activity_feed: async (args, gctx) => {
      const byAddress = new Map<string, { status: string; n: number }[]>();
      for (const r of await widgetMail(gctx, args.filter.widget_id))
        byAddress.set(r.address, [...(byAddress.get(r.address) ?? []), r]);
      const data = [...byAddress].map(([email, rows]) => ({
        email,
        total: rows.reduce((sum, r) => sum + Number(r.n), 0),
        events: eventsOf(rows),
      }));
      return { data: data.slice(0, Math.min(args.filter.offset ?? FEED_ADDRESSES, FEED_ADDRESSES)) };
    },
    activity_feed_timestamp: async (_args, gctx) => {
      const [row] = await gctx.app.db
        .select({ first: min(outbox.createdAt) })
        .from(outbox)
        .where(and(eq(outbox.kind, 'pressure-target'), workableCommunityFilter(actorIn(gctx), outbox.communityId)));
      return { min_timestamp: row?.first ? Math.floor(new Date(row.first).getTime() / 1000) : null };
    },
  },
};
