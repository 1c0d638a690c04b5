import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { loginPath, safeNext } from '../api/navigation';
import { useSession } from './SessionProvider';

/** Signed-out visitors go to the login, which brings them back here afterwards. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, loggedOut } = useSession();
  const location = useLocation();
  if (!user)
    return <Navigate to={loggedOut ? '/login' : loginPath(`${location.pathname}${location.search}`)} replace />;
  return children;
}

/** Screens of the main area need a selected community: create one, or pick one of the user's. */
export function RequireCommunity({ children }: { children: ReactNode }) {
  const { user, loggedOut, communities, community } = useSession();
  const location = useLocation();
  if (!user)
    return <Navigate to={loggedOut ? '/login' : loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!community) return <Navigate to={communities.length ? '/communities' : '/communities/new'} replace />;
  return children;
}

/** Sign-in screens make no sense to a signed-in user: the login honours `next`, the others go home. */
export function GuestOnly({ children, honourNext = false }: { children: ReactNode; honourNext?: boolean }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  if (user) return <Navigate to={honourNext ? safeNext(params.get('next')) : '/'} replace />;
  return children;
}

/** `/`: spec 01 §2 routing, with `/communities/new` in place of the external admin host. */
export function HomeRedirect() {
  const { user, communities, community } = useSession();
  if (!user) return <Navigate to="/login" replace />;
  if (community) return <Navigate to="/mobilizations" replace />;
  return <Navigate to={communities.length ? '/communities' : '/communities/new'} replace />;
}
