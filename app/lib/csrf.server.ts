import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { isSecureRequest, readCookie, serializeCookie } from './cookies'
import { CSRF_ERROR, CSRF_FIELD } from './csrf'
import { env } from './env.server'
import type { HeaderSource } from './request-context.server'

/**
 * CSRF protection for the app's own forms (a signed per-session token, the synchronizer pattern):
 *
 * - the browser session holds a random secret in `_csrf` (HttpOnly, SameSite=Lax, host-only, gone
 *   when the browser closes), set by the root loader the first time it is missing;
 * - every page's forms carry `HMAC(SECRET, secret)` in a hidden `csrf` field (`<CsrfInput/>`, the
 *   token comes from the root loader);
 * - an action calls `await requireCsrf(request, formData)`: the token must be the MAC of this
 *   browser's secret. Another site can neither read the cookie nor compute the MAC without SECRET.
 *
 * SameSite=Lax alone is not enough here: every tenant is a subdomain of one site, so a page on a
 * sibling tenant is "same-site" and its posts would carry our cookies.
 */

export const CSRF_COOKIE = '_csrf'
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/

function mac(secret: string): string {
  return createHmac('sha256', env().SECRET).update(`csrf:${secret}`).digest('base64url')
}

function browserSecret(request: Request): string | null {
  const value = readCookie(request.headers.get('cookie'), CSRF_COOKIE)
  return value && SECRET_PATTERN.test(value) ? value : null
}

/**
 * The token for this browser's forms, and the Set-Cookie that starts its CSRF session when it had
 * none (the root loader sends it with the page, so the first form already works).
 */
export function csrfToken(request: Request): { token: string; setCookie: string | null } {
  const existing = browserSecret(request)
  if (existing) return { token: mac(existing), setCookie: null }
  const secret = randomBytes(32).toString('base64url')
  const setCookie = serializeCookie(CSRF_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(request),
  })
  return { token: mac(secret), setCookie }
}

/** Whether the form's token belongs to this browser's CSRF session. Pure apart from SECRET. */
export function isValidCsrf(request: Request, formData: FormData): boolean {
  const secret = browserSecret(request)
  const sent = formData.get(CSRF_FIELD)
  if (!secret || typeof sent !== 'string' || sent.length === 0) return false
  const expected = Buffer.from(mac(secret))
  const given = Buffer.from(sent)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * A browser page on another host is posting here (its Origin header says so). Hosts are compared,
 * not schemes: behind a TLS-terminating proxy the page is https while `request.url` says http (Remix
 * compares the same way for document posts). Scripts send no Origin; they carry no ambient cookies
 * to ride on, and forms are covered by the token anyway.
 */
export function isCrossOrigin(request: HeaderSource & { url: string }): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  try {
    return new URL(origin).host !== new URL(request.url).host
  } catch {
    return true // "null" (sandboxed frames, some redirects) or garbage
  }
}

function refused(): never {
  const detail = [{ type: CSRF_ERROR, msg: 'The form has expired, reload the page and send it again' }]
  throw new Response(JSON.stringify({ detail }), {
    status: 403,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** One line in every action of an app form: `await requireCsrf(request, formData)`. Throws a 403. */
export async function requireCsrf(request: Request, formData: FormData): Promise<void> {
  if (isCrossOrigin(request) || !isValidCsrf(request, formData)) refused()
}

/**
 * The same check for a form whose body the action does not read (a file streamed on to the
 * upstream): the token travels in the action URL's query, `?csrf=…`.
 */
export function requireCsrfInQuery(request: Request): void {
  const token = new URL(request.url).searchParams.get(CSRF_FIELD) ?? ''
  const form = new FormData()
  form.set(CSRF_FIELD, token)
  if (isCrossOrigin(request) || !isValidCsrf(request, form)) refused()
}
