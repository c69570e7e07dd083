import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Position } from '../events/outbox'

/*
 * The `id:` of every live frame (PRODUCT.md §7 "Live", ADR 017): where in the outbox the stream
 * stood when it was sent, and when, signed for the stream's session —
 * `{txid}-{id}-{unix seconds}.{mac}`. A browser that reconnects sends it back as Last-Event-ID and
 * the stream replays what was committed after it (hub.ts). The mac is an HMAC of the position with
 * a key derived from SECRET, bound to the user, the session and the node: a forged id, another
 * user's, another session's or another node's is no resume position at all (no replay).
 */

export interface Resume {
  at: Position
  /** When the frame carrying it was sent (unix seconds). */
  sentAt: number
}

/** Who a resume id was issued to: it resumes only for them. */
export interface ResumeBinding {
  userId: string
  sessionId: string
  nodeId: string
}

/** Signs and checks one stream's resume ids. */
export class ResumeSigner {
  private readonly key: Buffer

  constructor(secret: string) {
    // A key of its own: a live id's mac is never valid as anything else's.
    this.key = createHmac('sha256', secret).update('nodus-live-resume').digest()
  }

  private mac(body: string, b: ResumeBinding): Buffer {
    return createHmac('sha256', this.key)
      .update(`${b.userId}\n${b.sessionId}\n${b.nodeId}\n${body}`)
      .digest()
      .subarray(0, 16)
  }

  encode(b: ResumeBinding, at: Position, sentAt = Math.floor(Date.now() / 1000)): string {
    const body = `${at.txid}-${at.id}-${sentAt}`
    return `${body}.${this.mac(body, b).toString('base64url')}`
  }

  /** A Last-Event-ID this server wrote for `b`; anything else (forged, truncated, foreign) is undefined. */
  decode(b: ResumeBinding, raw: string | undefined): Resume | undefined {
    const m = raw ? FORMAT.exec(raw.trim()) : null
    if (!m) return undefined
    const id = Number(m[2])
    if (!Number.isSafeInteger(id)) return undefined
    const given = Buffer.from(m[4]!, 'base64url')
    const want = this.mac(`${m[1]}-${m[2]}-${m[3]}`, b)
    if (given.length !== want.length || !timingSafeEqual(given, want)) return undefined
    return { at: { txid: m[1]!, id }, sentAt: Number(m[3]) }
  }
}

const FORMAT = /^(\d{1,20})-(\d{1,19})-(\d{1,12})\.([A-Za-z0-9_-]{22})$/
