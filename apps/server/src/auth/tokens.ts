import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

export interface SessionClaims {
  userId: number;
  version: number;
}

/** Why a presented token was refused; GraphQL reports these with Hasura's wording. */
export type TokenFailure = 'invalid-signature' | 'expired' | 'malformed';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims, ttlSeconds = SESSION_TTL_SECONDS): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<{ ok: true; claims: SessionClaims } | { ok: false; failure: TokenFailure }> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId)) return { ok: false, failure: 'malformed' };
      return { ok: true, claims: { userId, version: Number(payload.ver ?? 0) } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, failure: 'expired' };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, failure: 'invalid-signature' };
      return { ok: false, failure: 'malformed' };
    }
  }
}

/** Random URL-safe token for e-mailed links; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
