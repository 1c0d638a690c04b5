import type { Db } from '../src/db/client';
import { activists, facebookBotActivists, facebookBotConfigurations } from '../src/db/schema';
import type { Chatbot } from '../src/messaging/chatbot';

/** A bot configuration for the community, its tokens sealed as the service stores them. */
export async function botConfiguration(db: Db, chatbot: Chatbot, communityId: number, token = 'page-token') {
  const [row] = await db
    .insert(facebookBotConfigurations)
    .values({
      communityId,
      messengerAppSecret: chatbot.box.seal('app-secret'),
      messengerValidationToken: 'validation',
      messengerPageAccessToken: chatbot.box.seal(token),
    })
    .returning();
  if (!row) throw new Error('no configuration');
  return row;
}

/** People of the community; those with `psid` talk to the bot (a Messenger subscriber linked to them). */
export async function people(
  db: Db,
  communityId: number,
  configurationId: number,
  rows: { name: string; tags?: string[]; psid?: string }[],
) {
  const ids: Record<string, number> = {};
  for (const person of rows) {
    const [a] = await db
      .insert(activists)
      .values({
        communityId,
        name: person.name,
        firstName: person.name,
        email: `${person.name.toLowerCase()}-${communityId}@example.org`,
        tags: person.tags ?? [],
      })
      .returning();
    ids[person.name] = a?.id ?? 0;
    if (person.psid)
      await db.insert(facebookBotActivists).values({
        facebookBotConfigurationId: configurationId,
        communityId,
        activistId: a?.id,
        fbContextRecipientId: person.psid,
        fbContextSenderId: 'page-1',
        firstName: person.name,
      });
  }
  return ids;
}
