import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activists, facebookBotActivists, facebookBotConfigurations } from '../db/schema';

const GENDERS = ['female', 'male', null] as const;

/**
 * A bot configuration for the community (on the sandbox its tokens are never used) and Messenger subscribers linked
 * to its first `count` activists, for the mass-message journeys. Returns the configuration's id.
 */
export async function createBotSubscribers(db: Db, communityId: number, count: number): Promise<number> {
  const [configuration] = await db
    .insert(facebookBotConfigurations)
    .values({
      communityId,
      messengerAppSecret: 'sandbox',
      messengerValidationToken: 'sandbox',
      messengerPageAccessToken: 'sandbox',
    })
    .returning({ id: facebookBotConfigurations.id });
  if (!configuration) throw new Error('no bot configuration');
  const people = await db
    .select({ id: activists.id, firstName: activists.firstName, lastName: activists.lastName })
    .from(activists)
    .where(eq(activists.communityId, communityId))
    .orderBy(asc(activists.id))
    .limit(count);
  if (people.length)
    await db.insert(facebookBotActivists).values(
      people.map((p, i) => ({
        facebookBotConfigurationId: configuration.id,
        communityId,
        activistId: p.id,
        fbContextRecipientId: `sandbox-${communityId}-${p.id}`,
        fbContextSenderId: `sandbox-page-${communityId}`,
        firstName: p.firstName,
        lastName: p.lastName,
        gender: GENDERS[i % GENDERS.length],
      })),
    );
  return configuration.id;
}
