import type { Db } from '../../db/client';
import type { GraphQLModule } from '../../graphql/policy';
import { AppError } from '../../http/errors';
import { findPublishedWidget } from '../visitor';
import { donationStats } from './stats';

/*
 * The original's `get_widget_donation_stats(args: {widget_id})`, a Hasura function over a table-shaped result
 * (`widget_donation_stats {widget_id, stats json}`), so it answers a list: one row for a donation widget on a published
 * page, none for anything else (a missing, removed, unpublished or other-kind widget is simply absent, as a row the
 * caller may not see is). The figures are public (the page shows them), so any signed-in caller may ask about any
 * community's widget; the toolkit answers anonymous callers before any resolver runs.
 *
 * Units: `stats` keeps the original function's json, whose `pledged` and `goal` are whole reais
 * (`sum(d.amount / 100)`), because the original clients print them with the same currency formatter as the goal they
 * typed in reais. Fractions of a real are kept (R$ 10,50 is 10.5) rather than truncated per donation as the original
 * did. The REST `GET /api/widgets/:id/donation` answers cents, as every amount on our REST API is.
 */

const reais = (cents: number) => Math.round(cents) / 100;

/** The stats of a donation widget visitors can see, in the original json's shape; undefined for any other widget. */
async function publishedStats(db: Db, widgetId: number) {
  let found: Awaited<ReturnType<typeof findPublishedWidget>>;
  try {
    found = await findPublishedWidget(db, widgetId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return undefined;
    throw error;
  }
  const { widget } = found;
  if (widget.kind !== 'donation') return undefined;
  const stats = await donationStats(db, widget.id);
  return {
    widget_id: widget.id,
    stats: {
      widget_id: widget.id,
      pledged: reais(stats.pledged),
      goal: widget.goal === null ? null : reais(widget.goal),
      progress: stats.progress,
      total_donations: stats.total_donations,
    },
  };
}

export const donationGraphQL: GraphQLModule = {
  sdl: /* GraphQL */ `
    "A donation widget's public figures (the original's widget_donation_stats)."
    type widget_donation_stats {
      widget_id: Int
      "{widget_id, pledged, goal, progress, total_donations}: pledged and goal in reais, progress in percent of the goal (null without one)."
      stats: jsonb
    }
    input get_widget_donation_stats_args { widget_id: Int! }
    extend type query_root {
      "The stats of a donation widget on a published page, as a list (it is a Hasura function); empty for any other widget."
      get_widget_donation_stats(args: get_widget_donation_stats_args!): [widget_donation_stats!]!
    }
  `,
  resolvers: {
    get_widget_donation_stats: async ({ args }, gctx) => {
      const row = await publishedStats(gctx.app.db, args.widget_id);
      return row ? [row] : [];
    },
  },
};
