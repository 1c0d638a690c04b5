/** Community roles (spec 01 §6): 1 is community admin, 2 is mobilizer (the role invitations carry). */
export const ROLES = { admin: 1, mobilizer: 2 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

export interface Actor {
  id: number;
  isAdmin: boolean;
}

export interface Membership {
  communityId: number;
  role: number;
}

/**
 * The one place that answers "may this user do X in this community".
 * Mobilizers get the same access as the inviter for everyday work; managing the community itself
 * (settings, members, bank data) needs role 1 or a platform admin.
 */
export const policies = {
  isMember(actor: Actor, membership: Membership | undefined): boolean {
    return actor.isAdmin || membership !== undefined;
  },
  canReadCommunity(actor: Actor, membership: Membership | undefined): boolean {
    return policies.isMember(actor, membership);
  },
  canWorkInCommunity(actor: Actor, membership: Membership | undefined): boolean {
    return policies.isMember(actor, membership);
  },
  canManageCommunity(actor: Actor, membership: Membership | undefined): boolean {
    return actor.isAdmin || membership?.role === ROLES.admin;
  },
};
