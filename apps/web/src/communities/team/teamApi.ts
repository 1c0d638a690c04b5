import { TEAM_PER_PAGE } from '@mutirao/core';
import { api } from '../../api/client';
import type { Community } from '../../auth/sessionQuery';

export interface Member {
  user_id: number;
  name: string;
  email: string;
  role: number;
  joined_at: string;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: number;
  created_at: string;
  sent_at: string;
  expires_at: string;
  expired: boolean;
}

/** What the invitation link's page learns about its code. */
export interface InvitationAbout {
  email: string;
  role: number;
  community: { id: number; name: string };
  invited_by: string | null;
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  account_exists: boolean;
}

interface Paged {
  total: number;
  page: number;
  per_page: number;
}
type MembersPage = Paged & { members: Member[] };
type InvitationsPage = Paged & { invitations: PendingInvitation[] };

const base = (communityId: number) => `/api/communities/${communityId}`;

export const membersKey = (communityId: number, page?: number) =>
  page === undefined
    ? (['communities', communityId, 'members'] as const)
    : (['communities', communityId, 'members', page] as const);
export const invitationsKey = (communityId: number, page?: number) =>
  page === undefined
    ? (['communities', communityId, 'invitations'] as const)
    : (['communities', communityId, 'invitations', page] as const);

export const fetchMembers = (communityId: number, page: number) =>
  api<MembersPage>(`${base(communityId)}/members?page=${page}&per_page=${TEAM_PER_PAGE}`);
export const fetchInvitations = (communityId: number, page: number) =>
  api<InvitationsPage>(`${base(communityId)}/invitations?page=${page}&per_page=${TEAM_PER_PAGE}`);

export const sendInvitation = (communityId: number, invitation: { email: string; role: number }) =>
  api<{ invitation: PendingInvitation }>(`${base(communityId)}/invitation`, { method: 'POST', body: { invitation } });
export const resendInvitation = (communityId: number, id: number) =>
  api<{ invitation: PendingInvitation }>(`${base(communityId)}/invitations/${id}/resend`, { method: 'POST' });
export const revokeInvitation = (communityId: number, id: number) =>
  api<void>(`${base(communityId)}/invitations/${id}`, { method: 'DELETE' });

export const changeRole = (communityId: number, userId: number, role: number) =>
  api<{ member: Member }>(`${base(communityId)}/members/${userId}`, { method: 'PUT', body: { member: { role } } });
export const removeMember = (communityId: number, userId: number) =>
  api<void>(`${base(communityId)}/members/${userId}`, { method: 'DELETE' });

export const invitationKey = (code: string) => ['invitation', code] as const;
export const fetchInvitation = (code: string) =>
  api<{ invitation: InvitationAbout }>(`/api/invitations/${encodeURIComponent(code)}`, { allowUnauthorized: true });
export const acceptInvitation = (code: string) =>
  api<{ community: Community }>(`/api/invitations/${encodeURIComponent(code)}/accept`, { method: 'POST' });
