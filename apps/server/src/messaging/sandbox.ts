import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { chatbotSandboxMessages } from '../db/schema';
import { type BotMessage, type BotPage, type ChatbotDriver, ChatbotError, recipientLabel } from './driver';

/** A recipient whose id or number ends in this cannot be reached (Messenger's 551), to try a failed row. */
export const SANDBOX_UNREACHABLE_SUFFIX = '0551';

/**
 * The default driver: nothing leaves the machine. Each message is written to `chatbot_sandbox_messages`, where the
 * organiser sees it (`GET /api/communities/:id/bot/sandbox_messages`). A recipient ending in 0551 is unreachable.
 */
export class SandboxChatbotDriver implements ChatbotDriver {
  readonly name = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  async send(page: BotPage, message: BotMessage): Promise<string> {
    const recipient = recipientLabel(message.recipient);
    if (recipient.endsWith(SANDBOX_UNREACHABLE_SUFFIX))
      throw new ChatbotError('unreachable', 'This person isn’t available right now.', 551);
    await this.db.insert(chatbotSandboxMessages).values({
      communityId: page.communityId,
      facebookBotCampaignId: message.campaignId ?? null,
      recipient,
      text: message.text,
      quickReplyButtonText: message.quickReply?.title ?? null,
      quickReplyRedirect: message.quickReply?.payload ?? null,
    });
    return `m_sandbox_${randomBytes(12).toString('base64url')}`;
  }
}
