import { msg } from '@mutirao/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { blocks, mobilizations, widgets } from '../db/schema';
import { AppError } from '../http/errors';
import { hit } from '../rate-limit/rate-limit';

/*
 * The guards every visitor action (form entry, and later pressure and donation) passes before it touches data:
 * a rate limit per IP, a honeypot, and the widget looked up on its published page.
 */

/** Counts this action against the IP's window (ACTION_MAX_PER_IP per ACTION_WINDOW_SECONDS); 429 past it. */
export async function limitVisitorActions(ctx: AppContext, ip: string): Promise<void> {
  const { perIp, windowSeconds } = ctx.config.actionLimits;
  const { count, retryAfter } = await hit(ctx.db, `action:ip:${ip}`, windowSeconds);
  if (count > perIp) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError('rate_limited', undefined, msg('formEntries.tooManyRequests', { minutes }));
  }
}

/**
 * The public forms carry a visually hidden `website` input that people never see or fill in; naive bots fill every
 * input. A filled one is refused with a message that does not say why.
 */
export function refuseHoneypot(body: unknown): void {
  const website = body && typeof body === 'object' ? (body as Record<string, unknown>).website : undefined;
  if (website !== undefined && website !== null && String(website).trim() !== '') {
    throw new AppError('unprocessable', { base: ['formEntries.refused'] });
  }
}

/**
 * The rate limit and the honeypot as a route's `preValidation` hook: they come before the route's own checks of its
 * path and body, so a bad id or body still counts against the IP, and a filled honeypot is refused the same way
 * whatever else the bot sent.
 */
export function visitorAction(ctx: AppContext): preValidationAsyncHookHandler {
  return async (request) => {
    await limitVisitorActions(ctx, request.ip);
    refuseHoneypot(request.body);
  };
}

/**
 * A widget as visitors may act on it: not deleted, in a visible block of a published page (active, not deleted), and
 * of the given page when one is given. Anything else is the same 404, whether the widget is missing, on another page
 * or unpublished.
 */
export type PublishedWidget = Awaited<ReturnType<typeof findPublishedWidget>>;

export async function findPublishedWidget(db: Db, widgetId: number, mobilizationId?: number) {
  const [row] = await db
    .select({
      widget: widgets,
      mobilizationId: blocks.mobilizationId,
      communityId: mobilizations.communityId,
      language: mobilizations.language,
      slug: mobilizations.slug,
      customDomain: mobilizations.customDomain,
    })
    .from(widgets)
    .innerJoin(blocks, eq(blocks.id, widgets.blockId))
    .innerJoin(mobilizations, eq(mobilizations.id, blocks.mobilizationId))
    .where(
      and(
        eq(widgets.id, widgetId),
        isNull(widgets.deletedAt),
        mobilizationId === undefined ? undefined : eq(blocks.mobilizationId, mobilizationId),
        isNull(blocks.deletedAt),
        eq(blocks.hidden, false),
        eq(mobilizations.status, 'active'),
        isNull(mobilizations.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', undefined, 'formEntries.widgetNotFound');
  return row;
}
