import type { Position } from '../events/outbox'

/*
 * The `id:` of every live frame (PRODUCT.md §7 "Live"): where in the outbox the stream stood when it
 * was sent, and when — `{txid}-{id}-{unix seconds}`. A browser that reconnects sends it back as
 * Last-Event-ID and the stream replays what was committed after it (api/src/live/replay.ts).
 */

export interface Resume {
  at: Position
  /** When the frame carrying it was sent (unix seconds). */
  sentAt: number
}

export const encodeResume = (at: Position, sentAt = Math.floor(Date.now() / 1000)) =>
  `${at.txid}-${at.id}-${sentAt}`

const FORMAT = /^(\d{1,20})-(\d{1,19})-(\d{1,12})$/

/** A Last-Event-ID as we wrote it; anything else (a forged, truncated or foreign id) is undefined. */
export function decodeResume(raw: string | undefined): Resume | undefined {
  const m = raw ? FORMAT.exec(raw.trim()) : null
  if (!m) return undefined
  const id = Number(m[2])
  if (!Number.isSafeInteger(id)) return undefined
  return { at: { txid: m[1]!, id }, sentAt: Number(m[3]) }
}
