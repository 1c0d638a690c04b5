import { type ActivistFilter, activistFilterSchema, policies } from '@mutirao/core';
import type { FastifyRequest } from 'fastify';
import { findCommunityFor } from '../communities/service';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { actorIn } from '../http/typed';
import { parseInput } from '../http/validate';
import { findSegment } from './people';

/*
 * The people list's query string as a filter set, shared by every screen that segments people (the list, its CSV,
 * the mass-message audience), and the membership check their routes share.
 */

/** `a=1&a=2`, `a[]=1` or `a=1,2`: the list of strings given, empty parts dropped. */
const list = (raw: unknown) =>
  raw === undefined
    ? undefined
    : (Array.isArray(raw) ? raw : [raw])
        .flatMap((v) => String(v).split(','))
        .map((v) => v.trim())
        .filter(Boolean);

const one = (raw: unknown) => (Array.isArray(raw) ? raw[0] : raw) as string | undefined;

/** The filter set of a list query (the same fields as a saved segment's), in the caller's language when wrong. */
export function filterFromQuery(query: Record<string, unknown>): ActivistFilter {
  const ids = list(query.mobilization_ids ?? query['mobilization_ids[]']);
  return parseInput(
    activistFilterSchema,
    {
      q: one(query.q),
      operator: one(query.operator),
      mobilization_ids: ids?.map(Number).filter((n) => Number.isInteger(n) && n > 0),
      kinds: list(query.kinds ?? query['kinds[]']),
      tags: list(query.tags ?? query['tags[]']),
      period: one(query.period),
      from: one(query.from),
      to: one(query.to),
    },
    'bad_request',
  );
}

/** The filter a list query stands for: a saved segment's (404 when not the community's) narrowed by its search. */
export async function filterOfQuery(
  ctx: AppContext,
  communityId: number,
  query: Record<string, unknown>,
  segmentId: number | null | undefined,
): Promise<ActivistFilter> {
  const given = filterFromQuery(query);
  if (!segmentId) return given;
  const saved = parseInput(activistFilterSchema, (await findSegment(ctx.db, communityId, segmentId)).filter);
  return { ...saved, q: given.q };
}

/**
 * Any member of the community works with its people (`policies.canWorkInCommunity`); anyone else gets the 404 a
 * missing community gets.
 */
export async function requireMember(ctx: AppContext, request: FastifyRequest, communityId: number): Promise<void> {
  const actor = actorIn(request);
  const { membership } = await findCommunityFor(ctx.db, actor, communityId);
  if (!policies.canWorkInCommunity(actor, membership)) throw new AppError('forbidden', undefined, 'errors.forbidden');
}
