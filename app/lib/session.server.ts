import { randomUUID } from 'node:crypto'
import {
  createCookie,
  createCookieSessionStorage,
  redirect,
  type Session,
  type SessionStorage,
} from '@remix-run/node'
import type { ClientTokenSync } from './client-token'
import { type CookieOptions, isSecureRequest, readCookie, serializeCookie } from './cookies'
import { env } from './env.server'
import { requestCookieDomain } from './node.server'
import type { HeaderSource } from './request-context.server'
import { DEFAULT_SIDEBAR, DEFAULT_THEME, isSidebar, isTheme, type Sidebar, type Theme } from './theme'
import type { Toast, ToastInput } from './toast'
import { toastSchema } from './toast-schema.server'

/* ---------- `_token`: the upstream's bearer token, raw, on the parent domain (spec §4, §9) ---------- */

export const TOKEN_COOKIE = '_token'

export function readToken(request: HeaderSource): string | null {
  return readCookie(request.headers.get('cookie'), TOKEN_COOKIE) || null
}

function tokenCookieOptions(request: Request): CookieOptions {
  return {
    path: '/',
    domain: requestCookieDomain(request),
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(request),
  }
}

/** Set-Cookie for a new token that lives until the session's `expires_at`. */
export function setTokenCookie(request: Request, token: string, expiresAt: string | Date): string {
  const seconds = Math.floor((new Date(expiresAt).getTime() - Date.now()) / 1000)
  return serializeCookie(TOKEN_COOKIE, token, {
    ...tokenCookieOptions(request),
    maxAge: Math.max(seconds, 0),
  })
}

/**
 * Set-Cookie values that remove `_token`: on the parent domain as it was set, and host-only too, so
 * a cookie left over from another set-up cannot keep a dead session alive (and loop the sign-in).
 */
export function clearTokenCookies(request: Request): string[] {
  const o = { ...tokenCookieOptions(request), maxAge: 0, expires: new Date(0) }
  const out = [serializeCookie(TOKEN_COOKIE, '', o)]
  if (o.domain) out.push(serializeCookie(TOKEN_COOKIE, '', { ...o, domain: undefined }))
  return out
}

/* ---------- language and theme: Remix cookies (encoded), a year, parent domain ---------- */

const YEAR = 60 * 60 * 24 * 365

export const localeCookie = createCookie('lng', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: YEAR })
export const themeCookie = createCookie('theme', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: YEAR })
/** The side menu minimised or expanded, so the server renders it as the user left it. */
export const sidebarCookie = createCookie('sidebar', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: YEAR,
})

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get('cookie'))
  return isTheme(value) ? value : DEFAULT_THEME
}

export async function getSidebar(request: Request): Promise<Sidebar> {
  const value = await sidebarCookie.parse(request.headers.get('cookie'))
  return isSidebar(value) ? value : DEFAULT_SIDEBAR
}

/** Options for serialising the lng and theme cookies on this request's host. */
export function preferenceCookieOptions(request: Request) {
  return { domain: requestCookieDomain(request), secure: isSecureRequest(request) }
}

/* ---------- the flash session: alerts and the one-time local-storage sync (STYLE.md §4) ---------- */

interface FlashData {
  toasts: Toast[]
  clientToken: ClientTokenSync
}

let storage: SessionStorage<Record<string, never>, FlashData> | undefined

/** Created on first use: SECRET comes from the environment at run time, not at build time. */
export function flashStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: '__flash',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secrets: [env().SECRET],
    },
  })
  return storage
}

export type FlashSession = Session<Record<string, never>, FlashData>

export function getFlashSession(request: Request): Promise<FlashSession> {
  return flashStorage().getSession(request.headers.get('cookie'))
}

export function commitFlash(request: Request, session: FlashSession): Promise<string> {
  return flashStorage().commitSession(session, { secure: isSecureRequest(request) })
}

/** Set-Cookie for the flash session with these alerts (and token sync) added to what it already holds. */
export async function flashHeaders(
  request: Request,
  add: { toasts?: ToastInput[]; clientToken?: ClientTokenSync },
): Promise<string> {
  const session = await getFlashSession(request)
  if (add.toasts?.length) {
    const previous = readToasts(session.get('toasts'))
    const created = add.toasts.map((t) => ({ ...t, id: t.id ?? randomUUID() }))
    session.flash('toasts', [...previous, ...created])
  }
  if (add.clientToken) session.flash('clientToken', add.clientToken)
  return commitFlash(request, session)
}

function readToasts(value: unknown): Toast[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((t) => {
    const parsed = toastSchema.safeParse(t)
    return parsed.success ? [parsed.data] : []
  })
}

/** A redirect carrying alerts to the next page (STYLE.md §4), with or without JavaScript. */
export async function redirectWithToast(
  request: Request,
  to: string,
  ...toasts: ToastInput[]
): Promise<Response> {
  return redirect(to, { headers: { 'Set-Cookie': await flashHeaders(request, { toasts }) } })
}

/** Reads (and thereby consumes) the flash: what the root loader renders once. */
export async function consumeFlash(request: Request) {
  const session = await getFlashSession(request)
  const toasts = readToasts(session.get('toasts'))
  const clientToken = (session.get('clientToken') as ClientTokenSync | undefined) ?? null
  const dirty = toasts.length > 0 || clientToken !== null
  return { toasts, clientToken, setCookie: dirty ? await commitFlash(request, session) : null }
}

/**
 * Ends the session on this side: `_token` cleared, local storage cleared on the next page (with
 * JavaScript), and off to the login page with the way back. Thrown on any upstream 401 (spec §4:
 * "Any 401 response triggers logout") and returned by /auth/logout.
 */
export async function signOutHeaders(request: Request, toasts: ToastInput[] = []): Promise<Headers> {
  const headers = new Headers()
  for (const c of clearTokenCookies(request)) headers.append('Set-Cookie', c)
  headers.append('Set-Cookie', await flashHeaders(request, { toasts, clientToken: { clear: true } }))
  return headers
}
