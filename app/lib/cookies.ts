/**
 * Raw cookies (not Remix's encoded ones): `_token` must hold the bare token, as spec §4 names it, so
 * other services on the parent domain can read it. Pure functions; tested beside.
 */

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return null
}

export interface CookieOptions {
  domain?: string
  path?: string
  maxAge?: number
  expires?: Date
  httpOnly?: boolean
  secure?: boolean
  sameSite?: 'Lax' | 'Strict' | 'None'
}

export function serializeCookie(name: string, value: string, o: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path ?? '/'}`]
  if (o.domain) parts.push(`Domain=${o.domain}`)
  if (o.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(o.maxAge))}`)
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`)
  if (o.httpOnly) parts.push('HttpOnly')
  if (o.secure) parts.push('Secure')
  if (o.sameSite) parts.push(`SameSite=${o.sameSite}`)
  return parts.join('; ')
}

/** HTTPS as the browser sees it: the URL, or a TLS-terminating proxy's X-Forwarded-Proto. */
export function isSecureRequest(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return proto === 'https'
}
