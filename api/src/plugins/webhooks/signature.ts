import { createHmac, timingSafeEqual } from 'node:crypto'

/*
 * `X-Nodus-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (PRODUCT.md §7). The
 * time is inside what is signed, so a receiver that rejects a `t` more than 300 s off detects a
 * replay; each attempt is signed anew.
 */

export const SIGNATURE_HEADER = 'x-nodus-signature'
export const SIGNATURE_TOLERANCE_S = 300

export function signBody(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
  return `t=${t},v1=${v1}`
}

/** A receiver's check (used by the tests, and the shape docs/plugins.md shows). */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  now = Date.now() / 1000,
): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(now - t) > SIGNATURE_TOLERANCE_S || !parts.v1) return false
  const want = Buffer.from(signBody(secret, body, t).split('v1=')[1]!, 'hex')
  const got = Buffer.from(parts.v1, 'hex')
  return got.length === want.length && timingSafeEqual(got, want)
}
