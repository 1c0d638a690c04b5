/** A community's list, its key already unsealed. */
export interface MailingAccount {
  communityId: number;
  apiKey: string;
  listId: string;
  /** The interest (group) members join, when the list uses groups. */
  groupId: string | null;
}

/** What the list is told about one activist: Mailchimp's default merge fields plus the city. */
export interface MailingMember {
  email: string;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  phone: string | null;
}

export interface ListInfo {
  id: string;
  name: string;
  memberCount: number;
}

/**
 * Why the provider refused: `auth` (401/403, the key is wrong or revoked: the sync pauses), `not_found` (404: the
 * list, segment or member is not there), `invalid` (400: this member or payload, never retried), `unavailable`
 * (429 or 5xx after the retries, or the network: retried later).
 */
export type MailingErrorKind = 'auth' | 'not_found' | 'invalid' | 'unavailable';

export class MailingError extends Error {
  constructor(
    readonly kind: MailingErrorKind,
    readonly status: number,
    message: string,
    /** Seconds the provider asked us to wait (429's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * The mailing-list service both drivers implement (Mailchimp's Marketing API v3, and the sandbox that records the
 * calls). Every call is idempotent on the provider's side: sending a member or a segment add twice changes nothing.
 */
export interface MailingDriver {
  readonly name: 'sandbox' | 'mailchimp';
  /** The list's name and size: the tab's 'Testar conexão' (it also proves the key). */
  listInfo(account: MailingAccount): Promise<ListInfo>;
  /** Adds the member, or updates an existing one without changing their subscription status. */
  upsertMember(account: MailingAccount, member: MailingMember): Promise<void>;
  /** Tags one member (a tag is a static segment of the same name). */
  tagMember(account: MailingAccount, email: string, tags: string[]): Promise<void>;
  /** The id of the static segment with this name, made when the list has none. */
  ensureSegment(account: MailingAccount, name: string): Promise<string>;
  /** Adds members to a static segment, at most 500 per call; members not on the list are skipped by the provider. */
  addToSegment(account: MailingAccount, segmentId: string, emails: string[]): Promise<void>;
  /**
   * Deletes the member for good (an erasure, LGPD), named by the subscriber hash so the e-mail itself need not be
   * kept anywhere to ask. A member not on the list is already forgotten.
   */
  forgetMember(account: MailingAccount, memberHash: string): Promise<void>;
}
