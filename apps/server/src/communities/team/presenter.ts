import type { invitations } from '../../db/schema';

type InvitationRow = typeof invitations.$inferSelect;

/** A pending invitation as the Mobilizadores tab lists it; the code's hash never leaves the server. */
export function presentInvitation(row: InvitationRow, now = new Date()) {
  return {
    id: row.id,
    community_id: row.communityId,
    email: row.email,
    role: row.role,
    invited_by_id: row.invitedById,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

export interface MemberRow {
  userId: number;
  firstName: string;
  lastName: string | null;
  email: string;
  role: number;
  joinedAt: Date;
}

/** A member of the community: who they are, their role and since when. */
export function presentMember(row: MemberRow) {
  return {
    user_id: row.userId,
    first_name: row.firstName,
    last_name: row.lastName,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    email: row.email,
    role: row.role,
    joined_at: row.joinedAt.toISOString(),
  };
}
