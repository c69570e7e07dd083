/**
 * Body limits, declared once (issues 10 and 23): the upstream's, the web tier's /api forwarding
 * (which refuses what the upstream would refuse anyway, before streaming it across) and the web
 * app's own routes (server/index.mjs through app/lib/body-limit.server.ts, ADR 026).
 */

/** The largest request body the upstream reads outside uploads (JSON). */
export const BODY_LIMIT = 1024 * 1024

/** Room for a multipart upload's headers and boundaries around its one file. */
export const MULTIPART_OVERHEAD = 1024 * 1024

/** The most of a refused body that is read and thrown away so that the caller can read the 413. */
export const DISCARD_LIMIT = 128 * 1024 * 1024

/*
 * The web app's own routes (everything but /api): every body is bounded by its kind before any
 * parsing — by its Content-Length before a byte is read, a chunked one as it is read.
 */

/** Sign-in, sign-out, preferences, profile, notifications, pages without a form of their own. */
export const SMALL_FORM_LIMIT = 64 * 1024

/** Any other form of the web app (a task's fields, an administrator's settings, a board's layout). */
export const FORM_LIMIT = 1024 * 1024

/** An upload (a multipart form with a file): UPLOAD_MAX_MB and the room around its file. */
export const uploadLimit = (uploadMaxMb: number) => uploadMaxMb * 1024 * 1024 + MULTIPART_OVERHEAD

export type WebBodyKind = 'small' | 'form' | 'upload'

/** The web app's small forms, by path prefix (a form of theirs never carries a file or long text). */
const SMALL_PATHS = ['/auth/', '/resources/', '/lk/notifications', '/lk/profile']

/**
 * The forms that upload a file (multipart): an attachment on a task card (`?intent=upload`), a CSV
 * import, the interface's logos, a board's import, a user's picture (`?intent=logo` on the profile or a user's Editing dialog).
 */
function isUploadRoute(pathname: string, search: URLSearchParams): boolean {
  if (pathname === '/lk/csv' || pathname === '/admin/ui' || pathname === '/admin/boards/import') return true
  if (
    (pathname === '/lk/profile' || /^\/admin\/users\/[^/]+\/?$/.test(pathname)) &&
    search.get('intent') === 'logo'
  )
    return true
  return /^\/lk\/t\/[^/]+\/[^/]+\/?$/.test(pathname) && search.get('intent') === 'upload'
}

const startsWithPath = (pathname: string, prefix: string) =>
  prefix.endsWith('/')
    ? pathname.startsWith(prefix) || pathname === prefix.slice(0, -1)
    : pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`)

/**
 * The kind of a web app route's body, by its path and content type. `pathname` is the path as
 * requested (a single-fetch `.data` suffix included); the forms of /lk and /admin are `form`, an
 * upload route's multipart body `upload`, anything else (sign-in, unknown paths) `small`.
 */
export function webBodyKind(pathname: string, search: URLSearchParams, contentType: string): WebBodyKind {
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  const multipart = contentType.toLowerCase().startsWith('multipart/')
  if (multipart && isUploadRoute(path, search)) return 'upload'
  if (SMALL_PATHS.some((p) => startsWithPath(path, p))) return 'small'
  if (startsWithPath(path, '/lk') || startsWithPath(path, '/admin')) return 'form'
  return 'small'
}

/** The largest body a web app route reads, in bytes. */
export function webBodyLimit(kind: WebBodyKind, uploadMaxMb: number): number {
  return kind === 'small' ? SMALL_FORM_LIMIT : kind === 'form' ? FORM_LIMIT : uploadLimit(uploadMaxMb)
}
