import { DATA_REQUEST_TTL_HOURS, type DataRequestInput, type Locale, translate } from '@mutirao/core';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashOpaqueToken, newOpaqueToken } from '../auth/tokens';
import { adminBaseUrl } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { activistDataRequests, activists, communities, mobilizations } from '../db/schema';
import { AppError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { eraseActivist } from './erasure';

/**
 * A visitor's requests about their own data (LGPD), made from the page the consent notice links to. Whether the
 * address is known is never told to the requester: the answer is the same, and only the address's owner gets a link.
 * The link (a random token, stored hashed, valid for DATA_REQUEST_TTL_HOURS) is the confirmation that the address is
 * theirs; an erasure also asks them to confirm on the page it opens.
 */

/** One new request per person and kind in this window: a form resent in a loop does not flood their inbox. */
const RESEND_WINDOW_MS = 10 * 60_000;

/** The published page a request is made from, with its community: what the request page shows. */
export async function requestPage(db: Db, mobilizationId: number) {
  const [page] = await db
    .select({
      mobilizationId: mobilizations.id,
      mobilizationName: mobilizations.name,
      communityId: communities.id,
      communityName: communities.name,
      language: mobilizations.language,
    })
    .from(mobilizations)
    .innerJoin(communities, eq(communities.id, mobilizations.communityId))
    .where(
      and(eq(mobilizations.id, mobilizationId), eq(mobilizations.status, 'active'), isNull(mobilizations.deletedAt)),
    )
    .limit(1);
  if (!page) throw new AppError('not_found', undefined, 'dataRequests.pageNotFound');
  return page;
}

/**
 * Records the request and mails its link when the community holds someone under the address; does nothing visible
 * otherwise. Both cases answer alike, so the form tells no one who is in a community's list.
 */
export async function requestData(ctx: AppContext, input: DataRequestInput, locale: Locale): Promise<void> {
  const page = await requestPage(ctx.db, input.mobilization_id);
  const outboxId = await ctx.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: activists.id, email: activists.email })
      .from(activists)
      .where(
        and(eq(activists.communityId, page.communityId), sql`lower(${activists.email}) = ${input.email.toLowerCase()}`),
      )
      .limit(1);
    if (!person) return undefined;
    const [recent] = await tx
      .select({ id: activistDataRequests.id })
      .from(activistDataRequests)
      .where(
        and(
          eq(activistDataRequests.activistId, person.id),
          eq(activistDataRequests.kind, input.kind),
          isNull(activistDataRequests.doneAt),
          gt(activistDataRequests.createdAt, new Date(Date.now() - RESEND_WINDOW_MS)),
        ),
      )
      .limit(1);
    if (recent) return undefined;
    const { token, hash } = newOpaqueToken();
    const [request] = await tx
      .insert(activistDataRequests)
      .values({
        communityId: page.communityId,
        activistId: person.id,
        kind: input.kind,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + DATA_REQUEST_TTL_HOURS * 3_600_000),
      })
      .returning({ id: activistDataRequests.id });
    // The link is built from configuration (APP_URL), never from the request's Host.
    const url = `${adminBaseUrl(ctx.config)}/privacy/requests/${token}`;
    const params = { community: page.communityName, url, hours: DATA_REQUEST_TTL_HOURS };
    const erasure = input.kind === 'erasure';
    return queueMail(tx, {
      idempotencyKey: `data-request-${request?.id}`,
      kind: 'data-request',
      to: person.email,
      subject: translate(
        locale,
        erasure ? 'dataRequests.mailSubjectErasure' : 'dataRequests.mailSubjectAccess',
        params,
      ),
      text: translate(locale, erasure ? 'dataRequests.mailTextErasure' : 'dataRequests.mailTextAccess', params),
      communityId: page.communityId,
    });
  });
  if (outboxId) await ctx.mailer.dispatch(outboxId);
}

/** The live request a link opens: right token, not expired, not carried out, its person still there. 404 otherwise. */
export async function openRequest(db: Db, token: string) {
  const [row] = await db
    .select({
      request: activistDataRequests,
      communityName: communities.name,
      email: activists.email,
    })
    .from(activistDataRequests)
    .innerJoin(communities, eq(communities.id, activistDataRequests.communityId))
    .innerJoin(activists, eq(activists.id, activistDataRequests.activistId))
    .where(
      and(
        eq(activistDataRequests.tokenHash, hashOpaqueToken(token)),
        gt(activistDataRequests.expiresAt, new Date()),
        isNull(activistDataRequests.doneAt),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', undefined, 'dataRequests.invalid');
  if (!row.request.confirmedAt)
    await db
      .update(activistDataRequests)
      .set({ confirmedAt: new Date() })
      .where(eq(activistDataRequests.id, row.request.id));
  return { ...row, activistId: Number(row.request.activistId) };
}

export const presentRequest = (row: Awaited<ReturnType<typeof openRequest>>) => ({
  kind: row.request.kind,
  community_name: row.communityName,
  email: row.email,
  expires_at: row.request.expiresAt.toISOString(),
});

/**
 * Carries out a confirmed erasure: the same erasure an admin runs (`eraseActivist`), recorded as the person's own
 * request, and the mailing list told to forget them. The request is marked done, so its link works once.
 */
export async function eraseOnRequest(ctx: AppContext, token: string) {
  const row = await openRequest(ctx.db, token);
  if (row.request.kind !== 'erasure') throw new AppError('not_found', undefined, 'dataRequests.invalid');
  const { email } = await eraseActivist(ctx.db, row.request.communityId, row.activistId, {
    userId: null,
    requestedBy: 'visitor',
  });
  await ctx.db
    .update(activistDataRequests)
    .set({ doneAt: new Date() })
    .where(eq(activistDataRequests.id, row.request.id));
  await ctx.mailing.forget(row.request.communityId, email);
}
