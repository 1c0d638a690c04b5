import { deleteCookie, readCookie, writeCookie } from '../api/cookies';
import type { Community } from '../auth/sessionQuery';

export const COMMUNITY_COOKIE = 'community';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** What the `community` cookie holds (spec 01 §3): enough to draw the sidebar before anything loads. */
export type StoredCommunity = Pick<Community, 'id' | 'name' | 'city' | 'image' | 'role'>;

export function readStoredCommunity(): StoredCommunity | undefined {
  const raw = readCookie(COMMUNITY_COOKIE);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredCommunity>;
    if (typeof value.id !== 'number' || typeof value.name !== 'string') return undefined;
    return {
      id: value.id,
      name: value.name,
      city: value.city ?? '',
      image: value.image ?? null,
      role: value.role ?? null,
    };
  } catch {
    return undefined;
  }
}

export function storeCommunity(community: Community) {
  const stored: StoredCommunity = {
    id: community.id,
    name: community.name,
    city: community.city,
    image: community.image,
    role: community.role,
  };
  writeCookie(COMMUNITY_COOKIE, JSON.stringify(stored), { maxAgeSeconds: THIRTY_DAYS_SECONDS });
}

export function forgetCommunity() {
  deleteCookie(COMMUNITY_COOKIE);
}
