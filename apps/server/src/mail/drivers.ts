import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  messageId: string;
}

export interface MailDriver {
  readonly name: 'sandbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Keeps mail inside the database: the outbox row marked `driver = 'sandbox'` is the message, shown on the
 * development mailbox page. An address ending in `@fail.sandbox` fails, so tests can exercise retries.
 */
export class SandboxMailDriver implements MailDriver {
  readonly name = 'sandbox' as const;
  async send(mail: OutgoingMail): Promise<void> {
    if (mail.to.toLowerCase().endsWith('@fail.sandbox')) throw new Error('Sandbox: delivery refused for this address');
  }
}

export class SmtpMailDriver implements MailDriver {
  readonly name = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      messageId: mail.messageId,
    });
  }
}

export function createMailDriver(config: { driver: 'sandbox' | 'smtp'; smtpUrl?: string }): MailDriver {
  return config.driver === 'smtp' && config.smtpUrl ? new SmtpMailDriver(config.smtpUrl) : new SandboxMailDriver();
}
