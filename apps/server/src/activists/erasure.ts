import { ACTION_KINDS } from '@mutirao/core';
import { and, eq, sql } from 'drizzle-orm';
import { actionData } from '../actions/registry';
import type { Db } from '../db/client';
import { activistErasures, activists } from '../db/schema';
import { notFound } from '../http/errors';

const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * Erases a person from the community (LGPD): what they did stays, so pages' counts and donation totals stay right,
 * but nothing of them does. Each kind of action says what becomes of its rows (`actions/kinds/`: an entry keeps its
 * fields without values, a call loses the caller's number in the call and in the provider's callbacks, a recurring
 * donation is canceled…); the tables that name a person without an action are listed in `PERSON_TABLES`
 * (`actions/registry.ts`), and a table with an `activist_id` declared nowhere does not compile. Here: a chat-bot
 * subscriber row of theirs is removed; e-mail to them or sent for them is emptied and, if unsent, never sent, and a
 * letter sent for them loses its sender's name; the mailing list's sandbox record of the calls made for them loses
 * their e-mail and fields. Then the person's row goes, and an audit row records who erased whom and when, with counts
 * and nothing erased. All in one transaction: half an erasure is never visible.
 */
export async function eraseActivist(
  db: Db,
  communityId: number,
  activistId: number,
  by: { userId: number | null; requestedBy: 'admin' | 'visitor' },
) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: activists.id, email: activists.email })
      .from(activists)
      .where(and(eq(activists.id, activistId), eq(activists.communityId, communityId)))
      .for('update')
      .limit(1);
    if (!person) throw notFound();
    // What each kind of action stores about them (`actions/kinds/`), every kind's steps in order.
    const anonymised: Record<string, number> = {};
    for (const kind of ACTION_KINDS)
      for (const step of actionData(kind).erasure) {
        const result = await tx.execute(step.statement(activistId));
        if (step.count) anonymised[step.count] = count(result);
      }
    // The tables that name a person and hold no action (`PERSON_TABLES`): the chat-bot's subscriber row goes.
    await tx.execute(sql`delete from facebook_bot_activists where activist_id = ${activistId}`);
    // Mail to them or on their behalf (a pressure letter replying to them): emptied, and never sent if not yet sent.
    const mail = await tx.execute(sql`
      update outbox set subject = '', text = '', html = null, meta = null,
        to_address = case when lower(to_address) = lower(${person.email}) then '' else to_address end,
        -- A letter sent for them bears their name as the sender's.
        from_address = case when lower(reply_to) = lower(${person.email}) then null else from_address end,
        reply_to = null,
        status = case when status = 'sent' then status else 'bounced' end,
        last_error = case when status = 'sent' then last_error else 'erased' end
      where community_id = ${communityId}
        and (lower(to_address) = lower(${person.email}) or lower(reply_to) = lower(${person.email}))
      returning id`);
    // The mailing list's sandbox driver keeps each call it answered, with the member's e-mail and merge fields.
    await tx.execute(sql`
      update mailing_list_calls set body = body - 'email_address' - 'merge_fields'
      where community_id = ${communityId} and lower(body->>'email_address') = lower(${person.email})`);
    anonymised.mail = count(mail);
    await tx.delete(activists).where(eq(activists.id, activistId));
    const [audit] = await tx
      .insert(activistErasures)
      .values({ communityId, activistId, erasedBy: by.userId, requestedBy: by.requestedBy, anonymised })
      .returning();
    // The e-mail goes back to the caller only to tell the mailing list to forget it; nothing here keeps it.
    return { audit: audit as typeof activistErasures.$inferSelect, email: person.email };
  });
}

export const presentErasure = (e: typeof activistErasures.$inferSelect) => ({
  id: e.id,
  activist_id: e.activistId,
  erased_by: e.erasedBy,
  requested_by: e.requestedBy,
  anonymised: e.anonymised,
  created_at: e.createdAt.toISOString(),
});
