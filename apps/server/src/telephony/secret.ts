import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The communities' secrets at rest (Twilio auth tokens, Mailchimp API keys): AES-256-GCM,
 * `v1.{iv}.{tag}.{ciphertext}` in base64url. The key is derived from the service's secret key (or the session
 * secret) and the purpose, so a copy of the database alone does not hold usable secrets, and one service's box
 * cannot open another's.
 */
export class SecretBox {
  private readonly key: Buffer;
  constructor(secret: string, purpose = 'telephony-auth-token') {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'mutirao', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The token, or undefined when it was sealed under another key (the organiser must enter it again). */
  open(sealed: string): string | undefined {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
