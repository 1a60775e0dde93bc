import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

/** Tokens already verified, so a signature is checked once per token, not once per request. */
const VERIFIED_KEEP = 10_000;

export class TokenSigner {
  /** Imported once: given the raw bytes, jose would import the key again for every token. */
  private key: Promise<CryptoKey>;
  /** Token → its claims and expiry (ms), oldest first; a token's signature never changes, its expiry is rechecked. */
  private verified = new Map<string, { claims: SessionClaims; expiresAt: number }>();
  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<SessionClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      const claims = { userId, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_KEEP) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Single-use tokens are stored only as their hash, so a database leak does not hand them out. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
