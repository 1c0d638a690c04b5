import { errors, jwtVerify, SignJWT } from 'jose';

/*
 * Session tokens: HS256 JWTs naming a `sessions` row. They live with the HTTP toolkit that reads them (`session.ts`),
 * below the domains, so the toolkit and the app context need nothing from `auth/`.
 */

export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

export interface SessionClaims {
  userId: number;
  /** The `sessions` row this token stands for; deleting the row revokes the token. */
  sessionId: string;
}

/** Why a presented token was refused; GraphQL reports these with Hasura's wording. */
export type TokenFailure = 'invalid-signature' | 'expired' | 'malformed';

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims, ttlSeconds = SESSION_TTL_SECONDS): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
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
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return { ok: false, failure: 'malformed' };
      return { ok: true, claims: { userId, sessionId: payload.sid } };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, failure: 'expired' };
      if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, failure: 'invalid-signature' };
      return { ok: false, failure: 'malformed' };
    }
  }
}
