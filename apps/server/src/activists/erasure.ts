import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activistErasures, activists } from '../db/schema';
import { notFound } from '../http/errors';

const count = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/**
 * Erases a person from the community (LGPD): what they did stays, so pages' counts and donation totals stay right,
 * but nothing of them does. Form entries keep their fields without values; pressures keep their targets and subject
 * without the sender's data or letter; phone calls lose the caller's number, in the call and in the provider's
 * callbacks; donations keep amount, method and status
 * without the donor; a recurring donation is canceled (nothing is charged to nobody) and loses donor, card and manage
 * link; a chat-bot subscriber row of theirs is removed; e-mail to them or sent for them is emptied and, if unsent, never
 * sent, and a letter sent for them loses its sender's name; the mailing list's sandbox record of the calls made
 * for them loses their e-mail and fields. Then the person's row goes, and an audit row records who erased
 * whom and when, with counts and nothing erased. All in one transaction: half an erasure is never visible.
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
    const form = await tx.execute(sql`
      update form_entries set activist_id = null,
        fields = coalesce((select jsonb_agg(f - 'value') from jsonb_array_elements(fields) f), '[]'::jsonb)
      where activist_id = ${activistId} returning id`);
    const pressure = await tx.execute(sql`
      update activist_pressures set activist_id = null, form_data = '{}'::jsonb,
        mail = jsonb_build_object('subject', mail->'subject', 'body', '')
      where activist_id = ${activistId} returning id`);
    // The provider's raw callbacks name both legs' numbers and their places (From, To, Called, Caller, CalledCity…):
    // those go; sids, status, duration and a refusal's error stay.
    await tx.execute(sql`
      update twilio_call_transitions t set data = (select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
        from jsonb_each(t.data) where key !~ '^(From|To|Called|Caller|ForwardedFrom)')
      where t.data is not null and t.twilio_call_id in (select id from twilio_calls where activist_id = ${activistId})`);
    const phone = await tx.execute(sql`
      update twilio_calls set activist_id = null, "from" = '' where activist_id = ${activistId} returning id`);
    const donation = await tx.execute(sql`
      update donations set activist_id = null, customer = null,
        gateway_data = gateway_data - 'customer' - 'card' - 'address' - 'phone' - 'billing'
      where activist_id = ${activistId} returning id`);
    const subscription = await tx.execute(sql`
      update subscriptions set activist_id = null, customer = null, card_data = null, manage_token_hash = null,
        manage_token_expires_at = null, retry_at = null,
        status = case when status in ('active', 'pending', 'unpaid') then 'canceled' else status end,
        canceled_at = case when status in ('active', 'pending', 'unpaid') then now() else canceled_at end,
        updated_at = now()
      where activist_id = ${activistId} returning id`);
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
    const anonymised = {
      form: count(form),
      pressure: count(pressure),
      phone: count(phone),
      donation: count(donation),
      subscription: count(subscription),
      mail: count(mail),
    };
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
