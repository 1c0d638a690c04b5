/** The page a message goes out from: the community's bot configuration, its secrets already unsealed. */
export interface BotPage {
  communityId: number;
  configurationId: number;
  /** Undefined when none is stored or it cannot be opened (sealed under another key): Messenger then refuses. */
  pageAccessToken: string | undefined;
  appSecret: string | undefined;
}

/** Who receives: a Messenger subscriber by page-scoped id, or (test targets) a phone number. */
export type BotRecipient = { id: string } | { phone: string };

/** One message: text and, optionally, one quick-reply button whose press sends `payload` back to the bot. */
export interface BotMessage {
  recipient: BotRecipient;
  text: string;
  quickReply?: { title: string; payload: string };
  /** The campaign it belongs to (none for a test message); the sandbox files it under it. */
  campaignId?: number;
}

/**
 * Why a message was not sent. `rate_limited`: the provider asked us to slow down and the driver's own retries are
 * spent (try again later); `unreachable`: this recipient cannot be messaged (blocked the page, left the 24-hour
 * window, no such person): permanent for this row only; `bad_token`: the page's token is refused: nothing more can
 * go out for the page, the campaign stops; `unavailable`: anything else (a 5xx, the network, an unexpected answer).
 */
export type ChatbotErrorKind = 'rate_limited' | 'unreachable' | 'bad_token' | 'unavailable';

export class ChatbotError extends Error {
  constructor(
    readonly kind: ChatbotErrorKind,
    message: string,
    readonly code?: number,
    readonly subcode?: number,
  ) {
    super(message);
  }
}

/** What both drivers do: send one message and answer the provider's message id, or throw a `ChatbotError`. */
export interface ChatbotDriver {
  readonly name: 'sandbox' | 'messenger';
  send(page: BotPage, message: BotMessage): Promise<string>;
}

export const recipientLabel = (recipient: BotRecipient) => ('id' in recipient ? recipient.id : recipient.phone);
