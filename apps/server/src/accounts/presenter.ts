import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** The only shape of a user that leaves the server: never the hash or the token version. */
export function presentUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatar,
    is_admin: user.isAdmin,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
  };
}
