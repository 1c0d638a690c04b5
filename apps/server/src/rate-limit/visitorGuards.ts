import { msg } from '@mutirao/core';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import { BufferedLimiter } from './rate-limit';

/*
 * The guards every visitor action (form entry, pressure, phone call, donation, a data request) passes before it
 * touches data: a rate limit per IP and a honeypot. The widget's own guard, its published page, is
 * `widgets/visitor.ts`.
 */

const actionLimiters = new WeakMap<Db, BufferedLimiter>();

/** This process's count of visitor actions per IP, buffered in memory and added to `rate_limits` in batches. */
function actionLimiter(ctx: AppContext): BufferedLimiter {
  let limiter = actionLimiters.get(ctx.db);
  if (!limiter) {
    const { perIp, windowSeconds } = ctx.config.actionLimits;
    limiter = new BufferedLimiter(ctx.db, { limit: perIp, windowSeconds });
    actionLimiters.set(ctx.db, limiter);
  }
  return limiter;
}

/** Adds the visitor actions still counted only in memory to the database (when the app closes). */
export async function closeVisitorGuards(ctx: AppContext): Promise<void> {
  await actionLimiters.get(ctx.db)?.close();
}

/**
 * Counts this action against the IP's window (ACTION_MAX_PER_IP per ACTION_WINDOW_SECONDS); 429 past it. Far below
 * the limit the count is kept in memory and reaches the database in batches (`BufferedLimiter`).
 */
export async function limitVisitorActions(ctx: AppContext, ip: string): Promise<void> {
  const { perIp } = ctx.config.actionLimits;
  const { count, retryAfter } = await actionLimiter(ctx).hit(`action:ip:${ip}`);
  if (count > perIp) {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new AppError('rate_limited', undefined, msg('formEntries.tooManyRequests', { count: minutes }));
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
 * whatever else the bot sent. Then `challenge`, the anti-spam check of the action's page (`antispam/guard.ts`'s
 * `requireSolution`), which the route passes in since only it knows how to find its page.
 */
export function visitorAction(
  ctx: AppContext,
  challenge?: (request: FastifyRequest) => Promise<void>,
): preValidationAsyncHookHandler {
  return async (request) => {
    await limitVisitorActions(ctx, request.ip);
    refuseHoneypot(request.body);
    await challenge?.(request);
  };
}
