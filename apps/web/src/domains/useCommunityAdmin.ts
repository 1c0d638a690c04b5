import { policies } from '@mutirao/core';
import { useSession } from '../auth/SessionProvider';

/**
 * Whether the signed-in user may change the selected community's domains (`policies.canManageCommunity`: every member,
 * or `is_admin`); the server answers a refusal the same way, which the screens show as well.
 */
export function useCommunityAdmin(): { communityId: number; canManage: boolean } {
  const { user, community } = useSession();
  const communityId = community?.id ?? 0;
  const role = community?.role ?? undefined;
  const canManage = policies.canManageCommunity(
    { id: user?.id ?? 0, isAdmin: user?.is_admin ?? false },
    role ? { communityId, role } : undefined,
  );
  return { communityId, canManage };
}
