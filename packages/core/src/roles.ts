/** Community roles (spec 01 §6): 1 is community admin, 2 is mobilizer (the role invitations carry). */
export const ROLES = { admin: 1, mobilizer: 2 } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES: readonly Role[] = [ROLES.admin, ROLES.mobilizer];

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
 *
 * Spec 01 §6: "Invited mobilizers get the same access as the inviter". So every member (role 1 or 2) works on the
 * pages, the templates and the community's everyday settings (Informações, Twilio, Domínios, Mailchimp) and invites
 * mobilizers. Role 1 is kept for what decides who runs the community and where its money goes: making, unmaking,
 * inviting or removing an admin, and the Recebedor's bank account. A platform admin (`is_admin`) may do everything.
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
  /** The community's everyday settings and its mobilizers: any member, as the spec's "same access" says. */
  canManageCommunity(actor: Actor, membership: Membership | undefined): boolean {
    return policies.isMember(actor, membership);
  },
  /** Who holds role 1: only admins give it, take it away, invite to it or remove someone holding it. */
  canManageAdmins(actor: Actor, membership: Membership | undefined): boolean {
    return actor.isAdmin || membership?.role === ROLES.admin;
  },
  /**
   * A person's data rights (LGPD): exporting everything about one activist, and erasing them, is for the community's
   * admins (role 1) or a platform admin, not everyday work.
   */
  canHandlePersonalData(actor: Actor, membership: Membership | undefined): boolean {
    return policies.canManageAdmins(actor, membership);
  },
  /**
   * The sites allowed to embed the community's widgets and act in its name (issue 35): admins only, since a site on
   * the list sends actions as the community's own pages do.
   */
  canManageEmbedOrigins(actor: Actor, membership: Membership | undefined): boolean {
    return policies.canManageAdmins(actor, membership);
  },
  /** The Recebedor's bank account, where donations are paid (issue 14): admins only. */
  canManageBankData(actor: Actor, membership: Membership | undefined): boolean {
    return policies.canManageAdmins(actor, membership);
  },
  /** Any member invites a mobilizer; an invitation to role 1 (and resending or revoking one) is for admins. */
  canInvite(actor: Actor, membership: Membership | undefined, role: number): boolean {
    return role === ROLES.mobilizer
      ? policies.canManageCommunity(actor, membership)
      : policies.canManageAdmins(actor, membership);
  },
  /** With two roles every change of role is to or from admin. */
  canChangeRole(actor: Actor, membership: Membership | undefined): boolean {
    return policies.canManageAdmins(actor, membership);
  },
  /** Anyone may leave; a mobilizer is removed by any member, an admin only by an admin. */
  canRemoveMember(actor: Actor, membership: Membership | undefined, target: { userId: number; role: number }): boolean {
    if (target.userId === actor.id) return policies.isMember(actor, membership);
    return target.role === ROLES.admin
      ? policies.canManageAdmins(actor, membership)
      : policies.canManageCommunity(actor, membership);
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
