import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  userId: number;
  sessionId: string;
}

export class TokenSigner {
  /** Imported once: given the raw bytes, jose would import the key again for every token. */
  private key: Promise<CryptoKey>;
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
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
      return { userId, sessionId: payload.sid };
    } catch {
      return null;
    }
  }
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** Single-use tokens are stored only as their hash, so a database leak does not hand them out. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
