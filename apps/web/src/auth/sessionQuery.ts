import { ApiError, api } from '../api/client';
import { GraphQLRequestError, graphql, isSessionError } from '../api/graphql';
import type { SessionQuery } from '../api/graphql.generated';

export interface Permission {
  community_id: number;
  user_id: number;
  role: number;
}

export interface CurrentUser {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  is_admin: boolean;
  created_at: string;
  permissions: Permission[];
}

export interface Community {
  id: number;
  name: string;
  city: string;
  description: string | null;
  image: string | null;
  /** The zone its dates are shown in (core's `TIME_ZONES`; `useCommunityDates`). */
  time_zone: string;
  role: number | null;
}

export interface SessionData {
  user: CurrentUser | undefined;
  communities: Community[];
  /** The services the server runs on their sandbox in production (ALLOW_SANDBOX): the shell shows a banner. */
  sandboxedServices: string[];
}

export const SESSION_QUERY_KEY = ['session'] as const;
export const SIGNED_OUT: SessionData = { user: undefined, communities: [], sandboxedServices: [] };

const SESSION_QUERY = /* GraphQL */ `
  query Session {
    get_current_user { id email first_name last_name avatar is_admin created_at permissions { community_id user_id role } }
    communities(order_by: {name: asc}) { id name city description image time_zone role }
    sandboxed_services
  }
`;

function rethrowRequestError(error: unknown) {
  if (error instanceof ApiError && error.kind === 'request') throw error;
}

/**
 * The session state machine of spec 01 §4. A token the server rejects is cleared (sign_out drops both
 * cookies) before loading ends, so a login that follows cannot race the clean-up. A failed request fails the
 * query (the generic toast); any other failure is only logged. Either way the app carries on signed out.
 */
export async function fetchSession(): Promise<SessionData> {
  try {
    const data = await graphql<SessionQuery>(SESSION_QUERY, {}, { onSessionError: 'throw' });
    const user = data.get_current_user[0];
    return user ? { user, communities: data.communities, sandboxedServices: data.sandboxed_services } : SIGNED_OUT;
  } catch (error) {
    if (error instanceof GraphQLRequestError && isSessionError(error.errors)) {
      await signOut().catch(rethrowRequestError);
      return SIGNED_OUT;
    }
    // A failed request fails the query, which shows the generic toast; the provider then reads it as signed out.
    rethrowRequestError(error);
    console.error('Session query failed', error);
    return SIGNED_OUT;
  }
}

export function signOut() {
  return api<void>('/api/auth/sign_out', { method: 'POST', allowUnauthorized: true });
}

/** Ends every session of the user, this one included. */
export function signOutEverywhere() {
  return api<void>('/api/auth/sign_out_everywhere', { method: 'POST', allowUnauthorized: true });
}
