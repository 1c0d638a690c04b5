import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
  messageId: string;
}

export interface MailDriver {
  readonly name: 'sandbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

/**
 * Keeps mail inside the database: the outbox row marked `driver = 'sandbox'` is the message, shown on the
 * development mailbox page. An address ending in `@fail.sandbox` fails for now and `@bounce.sandbox` for good (as an
 * SMTP 550 would), so tests and demos can exercise retries and bounces.
 */
export class SandboxMailDriver implements MailDriver {
  readonly name = 'sandbox' as const;
  async send(mail: OutgoingMail): Promise<void> {
    const to = mail.to.toLowerCase();
    if (to.endsWith('@fail.sandbox')) throw new Error('Sandbox: delivery refused for this address');
    if (to.endsWith('@bounce.sandbox'))
      throw Object.assign(new Error('Sandbox: 550 no such mailbox'), { responseCode: 550 });
  }
}

/**
 * How long a relay may take to accept the connection, to greet, and to answer each command (nodemailer's defaults are
 * two minutes, 30 s and ten minutes). A message that runs out of time fails and is retried like any refused one.
 * The same options in `SMTP_URL`'s query string (`?socketTimeout=60000`) take precedence.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer is loaded by the first message, not at start (the sandbox, the default, never needs it). */
export class SmtpMailDriver implements MailDriver {
  readonly name = 'smtp' as const;
  private transport?: Promise<Transporter>;

  constructor(
    private readonly smtpUrl: string,
    private readonly timeouts = SMTP_TIMEOUTS,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: this.smtpUrl, ...this.timeouts }),
    );
    const transport = await this.transport;
    await transport.sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      messageId: mail.messageId,
    });
  }
}

export function createMailDriver(config: { driver: 'sandbox' | 'smtp'; smtpUrl?: string }): MailDriver {
  return config.driver === 'smtp' && config.smtpUrl ? new SmtpMailDriver(config.smtpUrl) : new SandboxMailDriver();
}
