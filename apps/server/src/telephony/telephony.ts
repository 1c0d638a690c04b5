import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Config, telephonyWebhookBase } from '../config';
import type { Db, Tx } from '../db/client';
import { twilioConfigurations } from '../db/schema';
import type { TelephonyAccount, TelephonyDriver } from './driver';
import { SandboxTelephonyDriver } from './sandbox';
import { SecretBox } from './secret';
import { TwilioTelephonyDriver } from './twilio';

/**
 * The telephony service every route shares: the driver chosen by TELEPHONY_DRIVER, the sealed tokens, the public
 * webhook addresses (from configuration, never from a request's Host). A recorded transition is announced on the
 * context's event bus (`call:<id>`, `twilio_call:<widget id>`).
 */
export class Telephony {
  readonly box: SecretBox;
  private readonly keySecret: string;

  constructor(
    readonly driver: TelephonyDriver,
    private readonly webhookBase: string,
    secret: string,
  ) {
    this.box = new SecretBox(secret);
    this.keySecret = secret;
  }

  /** The full URL Twilio calls back for one call; the signature is checked over exactly this. */
  statusUrl(callId: number): string {
    return `${this.webhookBase}/api/twilio/calls/${callId}/status`;
  }

  /**
   * A capability for one row (a call, or the visitor's pressure): ids are sequential, so reading a call's status or
   * calling again within the same pressure needs this key, which only the visitor who started it was given.
   */
  keyFor(kind: 'call' | 'pressure', id: number): string {
    return createHmac('sha256', this.keySecret).update(`${kind}:${id}`).digest('base64url').slice(0, 32);
  }

  checkKey(kind: 'call' | 'pressure', id: number, key: unknown): boolean {
    if (typeof key !== 'string') return false;
    const expected = Buffer.from(this.keyFor(kind, id));
    const given = Buffer.from(key);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The community's account with its token unsealed, or undefined when it has none (or a token we cannot open). */
  async accountOf(db: Db | Tx, communityId: number): Promise<TelephonyAccount | undefined> {
    const [row] = await db
      .select()
      .from(twilioConfigurations)
      .where(eq(twilioConfigurations.communityId, communityId))
      .limit(1);
    const authToken = row && this.box.open(row.twilioAuthToken);
    if (!row || !authToken) return undefined;
    return { accountSid: row.twilioAccountSid, authToken, number: row.twilioNumber };
  }

  stop() {
    this.driver.stop();
  }
}

export function createTelephony(config: Config): Telephony {
  const driver =
    config.telephony.driver === 'twilio'
      ? new TwilioTelephonyDriver(config.telephony.apiUrl)
      : new SandboxTelephonyDriver(config.telephony.sandboxStepMs);
  return new Telephony(driver, telephonyWebhookBase(config), config.telephony.secretKey ?? config.sessionSecret);
}
