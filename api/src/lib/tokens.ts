import { createSecretKey, type KeyObject } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

/** How many verified tokens are remembered (oldest forgotten first). */
const VERIFIED_KEPT = 10_000

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

  /**
   * Tokens already verified, with their expiry: a client sends the same token with every call,
   * and checking its signature again costs more than the rest of a cached call's authentication.
   * Revocation is not decided here: the session is looked up on every call.
   */
  private readonly verified = new Map<string, { userId: string; sessionId: string; exp: number }>()

  /** Returns the claims, or null for a tampered, malformed or expired token. */
  async verify(token: string): Promise<{ userId: string; sessionId: string } | null> {
    const known = this.verified.get(token)
    if (known) {
      if (known.exp * 1000 > Date.now()) return { userId: known.userId, sessionId: known.sessionId }
      this.verified.delete(token)
      return null
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null
      const claims = { userId: payload.sub, sessionId: payload.sid }
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!)
        this.verified.set(token, { ...claims, exp: payload.exp })
      }
      return claims
    } catch {
      return null
    }
  }
}
