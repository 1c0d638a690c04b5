import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailingListCalls } from '../db/schema';
import { type MailingAccount, MailingError } from './driver';
import { type ApiAnswer, MarketingApiDriver } from './marketingApi';

/** The sandbox refuses keys that start with eight zeros, as Mailchimp refuses a revoked key (401). */
export const SANDBOX_REFUSED_KEY = /^0{8}/;

/**
 * The default driver: nothing leaves the server. Each call is recorded (method, path, body, status) in
 * `mailing_list_calls`, where the community's Mailchimp tab shows it, and answered as Mailchimp would: segments made
 * here are found again by name, the list's size counts the members sent, and a refused key gets a 401.
 */
export class SandboxMailingDriver extends MarketingApiDriver {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: Db) {
    super();
  }

  private async record(account: MailingAccount, method: string, path: string, body: unknown, status: number) {
    const [row] = await this.db
      .insert(mailingListCalls)
      .values({
        communityId: account.communityId,
        method,
        path,
        body: (body ?? null) as Record<string, unknown> | null,
        status,
      })
      .returning({ id: mailingListCalls.id });
    return row?.id ?? 0;
  }

  private async segmentsOf(account: MailingAccount) {
    const rows = await this.db
      .select({ id: mailingListCalls.id, name: sql<string>`${mailingListCalls.body}->>'name'` })
      .from(mailingListCalls)
      .where(
        and(
          eq(mailingListCalls.communityId, account.communityId),
          eq(mailingListCalls.method, 'POST'),
          eq(mailingListCalls.path, `/lists/${account.listId}/segments`),
          eq(mailingListCalls.status, 200),
        ),
      );
    return rows;
  }

  protected async call(account: MailingAccount, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
    const bare = path.split('?')[0] ?? path;
    if (SANDBOX_REFUSED_KEY.test(account.apiKey)) {
      await this.record(account, method, bare, body, 401);
      throw new MailingError(
        'auth',
        401,
        'API Key Invalid: Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
      );
    }
    if (method === 'GET' && bare === `/lists/${account.listId}`) {
      await this.record(account, method, bare, body, 200);
      const [count] = await this.db
        .select({ n: sql<number>`count(distinct ${mailingListCalls.path})::int` })
        .from(mailingListCalls)
        .where(
          and(
            eq(mailingListCalls.communityId, account.communityId),
            eq(mailingListCalls.method, 'PUT'),
            sql`${mailingListCalls.path} like ${`/lists/${account.listId}/members/%`}`,
          ),
        );
      return {
        status: 200,
        json: { id: account.listId, name: `Sandbox ${account.listId}`, stats: { member_count: count?.n ?? 0 } },
      };
    }
    if (method === 'GET' && bare === `/lists/${account.listId}/segments`) {
      await this.record(account, method, bare, body, 200);
      const segments = await this.segmentsOf(account);
      return { status: 200, json: { segments, total_items: segments.length } };
    }
    if (method === 'POST' && bare === `/lists/${account.listId}/segments`) {
      const id = await this.record(account, method, bare, body, 200);
      return { status: 200, json: { id, name: (body as { name?: string }).name, type: 'static' } };
    }
    const noContent = method === 'POST' && (bare.endsWith('/tags') || bare.endsWith('/actions/delete-permanent'));
    await this.record(account, method, bare, body, noContent ? 204 : 200);
    return { status: 200, json: body };
  }
}
