import { type Actor, INVITATION_TTL_DAYS, type Locale, msg, policies, translate } from '@mutirao/core';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/tokens';
import { adminBaseUrl } from '../../config';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { communities, communityUsers, invitations, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { queueMail } from '../../mail/outbox';
import { findCommunityFor } from '../service';

type InvitationRow = typeof invitations.$inferSelect;

/** Open: neither accepted nor revoked (it may still have expired; a resend revives it). */
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

const newExpiry = () => new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);

/** Spec 01 §6: any member invites a mobilizer; role 1 is the admins' to give. Forbidden names the role field. */
function mayInvite(actor: Actor, membership: Parameters<typeof policies.canInvite>[1], role: number) {
  if (!policies.canInvite(actor, membership, role)) throw new AppError('forbidden', { role: ['team.adminsOnly'] });
}

/** Writes the invitation e-mail for a fresh code, in the caller's transaction; returns the outbox id. */
async function queueInvitationMail(
  ctx: AppContext,
  tx: Tx,
  invitation: InvitationRow,
  code: string,
  inviterId: number,
  locale: Locale,
) {
  const [community] = await tx
    .select({ name: communities.name })
    .from(communities)
    .where(eq(communities.id, invitation.communityId));
  const [inviter] = await tx.select({ name: users.firstName }).from(users).where(eq(users.id, inviterId));
  // The link is built from configuration (APP_URL), never from the request's Host.
  const url = `${adminBaseUrl(ctx.config)}/invitation/${encodeURIComponent(code)}`;
  const params = { community: community?.name ?? '', inviter: inviter?.name ?? '', url, days: INVITATION_TTL_DAYS };
  return queueMail(tx, {
    // One message per code: a resend has a new code, so it is a new message; a retried request is not.
    idempotencyKey: `invitation-${invitation.id}-${invitation.codeHash.slice(0, 16)}`,
    kind: 'invitation',
    to: invitation.email,
    subject: translate(locale, 'team.mailSubject', params),
    text: translate(locale, 'team.mailText', params),
    communityId: invitation.communityId,
  });
}

/**
 * `POST /communities/{id}/invitation` (spec 01 §7): invites an e-mail address with a role (2 unless said). Someone
 * already in the community is refused on the e-mail field; an open invitation to the same address is replaced (a
 * new code, its old link dead), so there is never more than one live link per address.
 */
export async function inviteToCommunity(
  ctx: AppContext,
  actor: Actor,
  communityId: number,
  input: { email: string; role: number },
  locale: Locale,
) {
  const { invitation, outboxId } = await createInvitation(ctx, actor, communityId, input, locale);
  await ctx.mailer.dispatch(outboxId);
  return invitation;
}

/**
 * `inviteToCommunity` without the send: the invitation and its e-mail in the outbox, in one transaction (a savepoint
 * inside a GraphQL mutation's). Dispatch `outboxId` once that transaction has committed.
 */
export async function createInvitation(
  ctx: AppContext,
  actor: Actor,
  communityId: number,
  input: { email: string; role: number },
  locale: Locale,
) {
  return ctx.db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    mayInvite(actor, membership, input.role);
    const [member] = await tx
      .select({ id: communityUsers.id })
      .from(communityUsers)
      .innerJoin(users, eq(users.id, communityUsers.userId))
      .where(and(eq(communityUsers.communityId, communityId), sql`lower(${users.email}) = ${input.email}`))
      .limit(1);
    if (member) throw new AppError('unprocessable', { email: ['team.alreadyMember'] });
    const { token, hash } = newOpaqueToken();
    const fresh = {
      role: input.role,
      codeHash: hash,
      expiresAt: newExpiry(),
      sentAt: new Date(),
      invitedById: actor.id,
    };
    const [row] = await tx
      .insert(invitations)
      .values({ communityId, email: input.email, ...fresh })
      .onConflictDoUpdate({
        target: [invitations.communityId, invitations.email],
        targetWhere: sql`${invitations.acceptedAt} is null and ${invitations.revokedAt} is null`,
        set: fresh,
      })
      .returning();
    if (!row) throw new Error('invitation upsert returned nothing');
    return { invitation: row, outboxId: await queueInvitationMail(ctx, tx, row, token, actor.id, locale) };
  });
}

/** An open invitation of the community, for resend and revoke; anything else is the 404 a missing one gets. */
async function openInvitation(tx: Tx, communityId: number, invitationId: number) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.communityId, communityId), open))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** Sends the invitation again with a new code and a new expiry: the link in the earlier e-mail stops working. */
export async function resendInvitation(
  ctx: AppContext,
  actor: Actor,
  communityId: number,
  invitationId: number,
  locale: Locale,
) {
  const { invitation, outboxId } = await ctx.db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    const current = await openInvitation(tx, communityId, invitationId);
    mayInvite(actor, membership, current.role);
    const { token, hash } = newOpaqueToken();
    const [row] = await tx
      .update(invitations)
      .set({ codeHash: hash, expiresAt: newExpiry(), sentAt: new Date() })
      .where(eq(invitations.id, current.id))
      .returning();
    if (!row) throw notFound();
    return { invitation: row, outboxId: await queueInvitationMail(ctx, tx, row, token, actor.id, locale) };
  });
  await ctx.mailer.dispatch(outboxId);
  return invitation;
}

/** Revokes an open invitation: its link then shows that it was cancelled. */
export async function revokeInvitation(db: Db, actor: Actor, communityId: number, invitationId: number) {
  await db.transaction(async (tx) => {
    const { membership } = await findCommunityFor(tx, actor, communityId);
    const current = await openInvitation(tx, communityId, invitationId);
    mayInvite(actor, membership, current.role);
    await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, current.id));
  });
}

/** The community's open invitations, the latest sent first, one page at a time (`invitations_community_idx`). */
export async function listInvitations(
  db: Db,
  actor: Actor,
  communityId: number,
  page: { limit: number; offset: number },
) {
  await findCommunityFor(db, actor, communityId);
  const where = and(eq(invitations.communityId, communityId), open);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.sentAt), desc(invitations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(invitations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type InvitationStatus = 'pending' | 'accepted' | 'expired' | 'revoked';

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return 'pending';
}

/** The catalogue key that explains why an invitation's link no longer works. */
export const STATUS_MESSAGES = {
  accepted: 'team.invitationAccepted',
  expired: 'team.invitationExpired',
  revoked: 'team.invitationRevoked',
} as const;

/**
 * What the invitation page needs to know about a code: whose invitation, to which community, whether it still works,
 * and whether its address already has an account (so the page offers sign-in or sign-up). Only the holder of the
 * code, which went to that address, can ask. A code that never existed, or that a resend replaced, is a 404.
 */
export async function describeInvitation(db: Db, code: string) {
  const inviter = sql<
    string | null
  >`(select ${users.firstName} from ${users} where ${users.id} = ${invitations.invitedById})`;
  const [row] = await db
    .select({ invitation: invitations, community: { id: communities.id, name: communities.name }, inviter })
    .from(invitations)
    .innerJoin(communities, eq(communities.id, invitations.communityId))
    .where(eq(invitations.codeHash, hashOpaqueToken(code)))
    .limit(1);
  if (!row) throw new AppError('not_found', undefined, 'team.invitationNotFound');
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.invitation.email}`)
    .limit(1);
  return {
    email: row.invitation.email,
    role: row.invitation.role,
    community: row.community,
    invited_by: row.inviter ?? null,
    expires_at: row.invitation.expiresAt.toISOString(),
    status: statusOf(row.invitation, new Date()),
    account_exists: Boolean(account),
  };
}

/**
 * Accepts an invitation for the signed-in user, once: the code must be open and unexpired, and the user's e-mail the
 * invitation's (someone else signed in is told whom it is for). The user joins with the invitation's role; someone
 * who joined meanwhile keeps the role they have. Returns the community and the role held in it.
 */
export async function acceptInvitation(db: Db, user: { id: number; email: string }, code: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.codeHash, hashOpaqueToken(code)))
      .for('update');
    if (!row) throw new AppError('not_found', undefined, 'team.invitationNotFound');
    const status = statusOf(row, new Date());
    if (status !== 'pending') throw new AppError('gone', undefined, STATUS_MESSAGES[status]);
    if (user.email.toLowerCase() !== row.email) {
      throw new AppError('forbidden', undefined, msg('team.invitationOtherEmail', { email: row.email }));
    }
    await tx
      .insert(communityUsers)
      .values({ communityId: row.communityId, userId: user.id, role: row.role })
      .onConflictDoNothing();
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedById: user.id })
      .where(and(eq(invitations.id, row.id), open, gt(invitations.expiresAt, new Date())));
    const [joined] = await tx
      .select({ community: communities, role: communityUsers.role })
      .from(communityUsers)
      .innerJoin(communities, eq(communities.id, communityUsers.communityId))
      .where(and(eq(communityUsers.communityId, row.communityId), eq(communityUsers.userId, user.id)));
    if (!joined) throw notFound();
    return joined;
  });
}
