import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { adminBaseUrl, type Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { subscriptions } from '../../db/schema';

/** How long a manage link works; each new e-mail carries a new link, which revokes the one before. */
export const MANAGE_LINK_DAYS = 90;

/**
 * The capability the visitor gets with a donation (the post-donation offer needs it): ids are sequential, so taking
 * the offer on a donation needs this key, which only the visitor who made it was given. Like `telephony.keyFor`.
 */
export function donationKey(config: Config, donationId: number): string {
  return createHmac('sha256', `donation-offer:${config.sessionSecret}`)
    .update(String(donationId))
    .digest('base64url')
    .slice(0, 32);
}

export function checkDonationKey(config: Config, donationId: number, key: unknown): boolean {
  if (typeof key !== 'string') return false;
  const expected = Buffer.from(donationKey(config, donationId));
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The stored form of a manage token: its SHA-256 (a leaked table gives no working link). */
export const manageTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new manage link for a subscription, in the caller's transaction: 32 random bytes, stored hashed with its expiry.
 * Storing the new hash revokes every earlier link. The address is built from APP_URL, never from a request.
 */
export async function issueManageLink(tx: Db | Tx, config: Config, subscriptionId: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + MANAGE_LINK_DAYS * 86_400_000);
  await tx
    .update(subscriptions)
    .set({ manageTokenHash: manageTokenHash(token), manageTokenExpiresAt: expiresAt })
    .where(eq(subscriptions.id, subscriptionId));
  return { url: `${adminBaseUrl(config)}/donations/manage/${token}`, expiresAt };
}
