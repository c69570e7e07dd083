import type { InboxAfter, InboxFilter } from '../repositories/notifications-repository'

/*
 * The inbox's `next_cursor` (keyset, PRODUCT.md §2): the last row's time and id, the total the
 * walk's first page counted, and the tab it was made for — a cursor of another tab is refused
 * rather than read in the wrong order. Opaque to clients: base64url of a small JSON array.
 */

const tabOf = (f: InboxFilter) => `${f.unread ? 'unread' : 'all'}:${f.kind ?? ''}`
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/

export function encodeInboxCursor(after: InboxAfter, total: number, f: InboxFilter): string {
  return Buffer.from(JSON.stringify([after.at, after.id, total, tabOf(f)])).toString('base64url')
}

/** The place and total a cursor names; undefined when it is not one of ours for this tab. */
export function decodeInboxCursor(
  cursor: string,
  f: InboxFilter,
): { after: InboxAfter; total: number } | undefined {
  let v: unknown
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(v) || v.length !== 4) return undefined
  const [at, id, total, tab] = v
  if (typeof at !== 'string' || !TIME.test(at) || typeof id !== 'string' || !UUID.test(id)) return undefined
  if (!Number.isSafeInteger(total) || total < 0 || tab !== tabOf(f)) return undefined
  return { after: { at, id }, total }
}
