/**
 * Cache-Control of an answer whose URL names its content (a version or a hash in the URL): it never
 * changes, so the browser keeps it a year without asking again.
 */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
