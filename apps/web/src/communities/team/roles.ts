import { type Actor, type Membership, ROLES } from '@mutirao/core';
import type { TFunction } from 'i18next';
import { useSession } from '../../auth/SessionProvider';

/** The signed-in user and their membership of the selected community, as the policies take them. */
export function useTeamActor(): { actor: Actor; membership: Membership | undefined; communityId: number } {
  const { user, community } = useSession();
  const communityId = community?.id ?? 0;
  const role = community?.role ?? undefined;
  return {
    actor: { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    membership: role ? { communityId, role } : undefined,
    communityId,
  };
}

export const roleLabel = (t: TFunction, role: number) =>
  t(role === ROLES.admin ? 'team.roleAdmin' : 'team.roleMobilizer');
