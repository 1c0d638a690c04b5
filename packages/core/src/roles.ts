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
  /**
   * A person's data rights (LGPD): exporting everything about one activist, and erasing them, is for the community's
   * admins (role 1) or a platform admin, not everyday work.
   */
  canHandlePersonalData(actor: Actor, membership: Membership | undefined): boolean {
    return actor.isAdmin || membership?.role === ROLES.admin;
  },
  /** Mobilizations (list, create, settings, archive) are everyday work: any member. */
  canWorkOnMobilizations(actor: Actor, membership: Membership | undefined): boolean {
    return policies.canWorkInCommunity(actor, membership);
  },
  /** Global templates are offered to everyone signed in; custom ones only inside their community. */
  canUseTemplate(actor: Actor, membership: Membership | undefined, template: { global: boolean }): boolean {
    return template.global || policies.canWorkInCommunity(actor, membership);
  },
  /** Only the platform admin curates the global library; a community's members manage its own templates. */
  canDeleteTemplate(actor: Actor, membership: Membership | undefined, template: { global: boolean }): boolean {
    return template.global ? actor.isAdmin : policies.canWorkInCommunity(actor, membership);
  },
  canCreateGlobalTemplate(actor: Actor): boolean {
    return actor.isAdmin;
  },
};
