import { DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID } from '@mutirao/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { filterOfQuery, requireMember } from '../activists/query';
import type { AppContext } from '../context';
import { idSchema, lenientInt, signedIn, typed } from '../http/typed';
import { audienceCounts, audienceRelation, botConfigurationOf } from './audience';
import { CAMPAIGNS_PER_PAGE, CAMPAIGNS_PER_PAGE_MAX, campaignPage, ofCommunity } from './campaigns';

export const AUDIENCE_PREVIEW = 50;
export const AUDIENCE_PREVIEW_MAX = 200;

const communityParams = z.object({ id: idSchema });
const audienceQuery = z
  .object({ segment_id: lenientInt(1), limit: lenientInt(1), facebook_bot_configuration_id: lenientInt(1) })
  .passthrough();
const campaignsQuery = z.object({ after: lenientInt(1), limit: lenientInt(1) }).passthrough();

interface AudienceRow {
  facebook_bot_activist_id: number;
  first_name: string | null;
  last_name: string | null;
  profile_pic: string | null;
  gender: string | null;
}

/**
 * The read side of mass messages (spec 01 §2 `/bot`, §4 step 0): who a segmentation reaches, previewed, and the
 * community's campaigns with their counts. Members of the community only; anyone else gets the 404 a missing
 * community gets. The writes (`POST /api/enqueue-mass-messages`, the test message) are the chat-bot's own routes.
 */
export function botReadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = typed(app);
  const preValidation = signedIn(ctx);

  r.get(
    '/api/communities/:id/bot/audience',
    { preValidation, schema: { params: communityParams, querystring: audienceQuery } },
    async (request, reply) => {
      const communityId = request.params.id;
      await requireMember(ctx, request, communityId);
      const q = request.query;
      const filter = await filterOfQuery(ctx, communityId, q, q.segment_id);
      const configuration = await botConfigurationOf(
        ctx.db,
        communityId,
        q.facebook_bot_configuration_id ?? DEFAULT_FACEBOOK_BOT_CONFIGURATION_ID,
      );
      // Without a bot nobody gave an opt-in: everyone matching is skipped (id 0 is no configuration's).
      const configurationId = configuration?.id ?? 0;
      const limit = Math.min(q.limit ?? AUDIENCE_PREVIEW, AUDIENCE_PREVIEW_MAX);
      const [counts, rows] = await Promise.all([
        audienceCounts(ctx.db, communityId, configurationId, filter),
        ctx.db.execute(sql`select facebook_bot_activist_id, first_name, last_name, profile_pic, gender
          from ${audienceRelation(communityId, configurationId, filter)} audience
          order by lower(first_name), lower(last_name), facebook_bot_activist_id
          limit ${limit}`) as unknown as Promise<{ rows: AudienceRow[] }>,
      ]);
      reply.header('cache-control', 'no-store');
      return {
        recipients: rows.rows.map((row) => ({
          id: Number(row.facebook_bot_activist_id),
          first_name: row.first_name,
          last_name: row.last_name,
          profile_pic: row.profile_pic,
          gender: row.gender,
        })),
        total: counts.recipients,
        matched: counts.matched,
        skipped: counts.skipped,
        facebook_bot_configuration_id: configuration?.id ?? null,
      };
    },
  );

  r.get(
    '/api/communities/:id/bot/campaigns',
    { preValidation, schema: { params: communityParams, querystring: campaignsQuery } },
    async (request, reply) => {
      const communityId = request.params.id;
      await requireMember(ctx, request, communityId);
      reply.header('cache-control', 'no-store');
      return campaignPage(ctx.db, ofCommunity(communityId), {
        after: request.query.after,
        limit: Math.min(request.query.limit ?? CAMPAIGNS_PER_PAGE, CAMPAIGNS_PER_PAGE_MAX),
      });
    },
  );
}
