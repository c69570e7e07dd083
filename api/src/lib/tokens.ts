import { createSecretKey, type KeyObject } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

/** Signed bearer tokens: the session id lives in the token, the session itself upstream (revocable). */
export class TokenSigner {
  // A KeyObject made once: jose would otherwise import raw key bytes on every verify (hot path).
  private readonly key: KeyObject
  constructor(secret: string) {
    this.key = createSecretKey(Buffer.from(`nodus-token:${secret}`))
  }

  sign(claims: { userId: string; sessionId: string; expiresAt: Date }): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(this.key)
  }

  /** Returns the claims, or null for a tampered, malformed or expired token. */
  async verify(token: string): Promise<{ userId: string; sessionId: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
      return { userId: payload.sub, sessionId: payload.sid }
    } catch {
      return null
    }
  }
}
