import { createHash } from 'node:crypto';
import { type ListInfo, type MailingAccount, type MailingDriver, MailingError, type MailingMember } from './driver';

/** Mailchimp keeps a member at `/lists/{list}/members/{md5 of the lower-cased e-mail}`. */
export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

/** Mailchimp's cap on `members_to_add` in one segment call. */
export const SEGMENT_BATCH = 500;
const SEGMENT_PAGE = 1000;

/** One answer of the Marketing API: the status and the parsed JSON (undefined for a 204). */
export interface ApiAnswer {
  status: number;
  json: unknown;
}

/**
 * The calls both drivers make, written once over `call` (Mailchimp's Marketing API v3 paths and payloads): the
 * real driver sends them over HTTP, the sandbox records them and answers as Mailchimp would. `call` throws a
 * `MailingError` for any refusal, so what follows reads the successful answer only.
 */
export abstract class MarketingApiDriver implements MailingDriver {
  abstract readonly name: 'sandbox' | 'mailchimp';
  protected abstract call(account: MailingAccount, method: string, path: string, body?: unknown): Promise<ApiAnswer>;

  async listInfo(account: MailingAccount): Promise<ListInfo> {
    const { json } = await this.call(account, 'GET', `/lists/${account.listId}?fields=id,name,stats.member_count`);
    const list = json as { id?: string; name?: string; stats?: { member_count?: number } };
    return { id: list.id ?? account.listId, name: list.name ?? '', memberCount: list.stats?.member_count ?? 0 };
  }

  async upsertMember(account: MailingAccount, member: MailingMember): Promise<void> {
    const mergeFields = Object.fromEntries(
      [
        ['FNAME', member.firstName],
        ['LNAME', member.lastName],
        ['CITY', member.city],
        ['PHONE', member.phone],
      ].filter(([, value]) => value),
    );
    await this.call(account, 'PUT', `/lists/${account.listId}/members/${subscriberHash(member.email)}`, {
      email_address: member.email.trim(),
      // Someone who unsubscribed stays unsubscribed: only a new member is subscribed.
      status_if_new: 'subscribed',
      merge_fields: mergeFields,
      ...(account.groupId ? { interests: { [account.groupId]: true } } : {}),
    });
  }

  async tagMember(account: MailingAccount, email: string, tags: string[]): Promise<void> {
    await this.call(account, 'POST', `/lists/${account.listId}/members/${subscriberHash(email)}/tags`, {
      tags: tags.map((name) => ({ name, status: 'active' })),
    });
  }

  async ensureSegment(account: MailingAccount, name: string): Promise<string> {
    // Looked up first: a create whose answer was lost must not leave two segments of one name.
    for (let offset = 0; ; offset += SEGMENT_PAGE) {
      const { json } = await this.call(
        account,
        'GET',
        `/lists/${account.listId}/segments?type=static&count=${SEGMENT_PAGE}&offset=${offset}&fields=segments.id,segments.name,total_items`,
      );
      const page = json as { segments?: { id: number | string; name: string }[]; total_items?: number };
      const found = page.segments?.find((s) => s.name === name);
      if (found) return String(found.id);
      if (!page.segments?.length || offset + SEGMENT_PAGE >= (page.total_items ?? 0)) break;
    }
    const { json } = await this.call(account, 'POST', `/lists/${account.listId}/segments`, {
      name,
      static_segment: [],
    });
    return String((json as { id: number | string }).id);
  }

  async forgetMember(account: MailingAccount, memberHash: string): Promise<void> {
    await this.call(account, 'POST', `/lists/${account.listId}/members/${memberHash}/actions/delete-permanent`).catch(
      (error: unknown) => {
        if (!(error instanceof MailingError && error.kind === 'not_found')) throw error;
      },
    );
  }

  async addToSegment(account: MailingAccount, segmentId: string, emails: string[]): Promise<void> {
    for (let i = 0; i < emails.length; i += SEGMENT_BATCH)
      await this.call(account, 'POST', `/lists/${account.listId}/segments/${segmentId}`, {
        members_to_add: emails.slice(i, i + SEGMENT_BATCH),
      });
  }
}
