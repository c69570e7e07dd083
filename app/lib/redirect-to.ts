import { routes } from './routes'

/** Where to go after signing in when nothing (or nothing safe) was asked for. */
export const DEFAULT_REDIRECT = routes.home()

/**
 * A path on this site, or the fallback: it starts with one `/`, is not protocol-relative (`//evil`,
 * `/\evil` — browsers read a backslash as a slash) and holds no control characters. Used for "back to
 * where I was" after switching the language or the theme.
 */
export function safePath(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2048) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, 'http://nodus.invalid')
  } catch {
    return fallback
  }
  if (url.host !== 'nodus.invalid') return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Where to go after signing in: a safe path (above) that does not lead back into the sign-in pages,
 * which would loop; otherwise /lk.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = DEFAULT_REDIRECT,
): string {
  const path = safePath(to, '')
  if (!path || path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?')) return fallback
  return path
}

/** `/lk?x=1` for a request to `http://host/lk?x=1`: what a protected page passes to the login page. */
export function pathWithSearch(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/** The path of a same-origin Referer, for forms that did not say where to go back. */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get('referer')
  if (!referer) return null
  try {
    const from = new URL(referer)
    return from.origin === new URL(request.url).origin ? `${from.pathname}${from.search}` : null
  } catch {
    return null
  }
}
