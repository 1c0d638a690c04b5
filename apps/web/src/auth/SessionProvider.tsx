import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentAddress, loginPath, setUnauthorizedHandler } from '../api/navigation';
import { forgetCommunity, readStoredCommunity, storeCommunity } from '../communities/communityCookie';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import {
  type Community,
  type CurrentUser,
  fetchSession,
  SESSION_QUERY_KEY,
  type SessionData,
  SIGNED_OUT,
  signOut,
  signOutEverywhere,
} from './sessionQuery';

export interface SessionContextValue {
  user: CurrentUser | undefined;
  communities: Community[];
  /** The services the server runs on their sandbox in production (ALLOW_SANDBOX); empty elsewhere. */
  sandboxedServices: string[];
  /** The selected community, when it is still one of the user's. */
  community: Community | undefined;
  selectCommunity(community: Community): void;
  /** Set by `logout`: the guards then send the user to a plain `/login`, without a `next` back here. */
  loggedOut: boolean;
  /** Runs the Session query again (after sign-in, sign-up, or a change to the user or communities). */
  refresh(): Promise<SessionData>;
  /** Ends this session, or with `everywhere` every session of the user. */
  logout(options?: { everywhere?: boolean }): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: Number.POSITIVE_INFINITY });
  const [selectedId, setSelectedId] = useState<number | undefined>(() => readStoredCommunity()?.id);
  const [loggedOut, setLoggedOut] = useState(false);
  // A mutation, so that a failed sign-out reaches the generic toast through the mutation cache.
  const { mutateAsync: endSession } = useMutation({
    mutationFn: (everywhere: boolean) => (everywhere ? signOutEverywhere() : signOut()),
  });

  /** Drops everything fetched for the user. The selected community survives an expired session. */
  const forgetEverything = useCallback(() => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    queryClient.setQueryData(SESSION_QUERY_KEY, SIGNED_OUT);
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      forgetEverything();
      if (window.location.pathname !== '/login') navigate(loginPath(currentAddress()), { replace: true });
    });
  }, [forgetEverything, navigate]);

  // A session query that failed (the toast is shown) leaves the app signed out, as before any answer.
  const data = (session.isError ? undefined : session.data) ?? SIGNED_OUT;
  const value = useMemo<SessionContextValue>(
    () => ({
      user: data.user,
      communities: data.communities,
      sandboxedServices: data.sandboxedServices,
      community: data.communities.find((c) => c.id === selectedId),
      loggedOut,
      selectCommunity(community) {
        storeCommunity(community);
        setSelectedId(community.id);
      },
      async refresh() {
        const next = await queryClient
          .fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 })
          .catch(() => SIGNED_OUT);
        if (next.user) setLoggedOut(false);
        return next;
      },
      async logout(options) {
        await endSession(options?.everywhere ?? false).catch(() => undefined);
        forgetCommunity();
        setSelectedId(undefined);
        setLoggedOut(true);
        forgetEverything();
        navigate('/login');
      },
    }),
    [data, selectedId, loggedOut, queryClient, forgetEverything, navigate, endSession],
  );

  if (session.isPending) return <LoadingScreen label={t('app.loadingSession')} />;
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
