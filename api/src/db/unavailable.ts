/**
 * Whether an error means "the database cannot be reached now" (down, restarting, the connection
 * ended by the server or the network), as opposed to a bad query: the first is 503
 * server.database_unavailable with Retry-After, the second stays a 500. Drizzle wraps the driver's
 * error as `cause`; node-postgres raises network errors with a Node `code`, the server's own with a
 * SQLSTATE, and a lost connection as a plain message.
 */

/** SQLSTATE classes and codes that say the server is not serving (now). */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast stop)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
])
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const LOST_CONNECTION = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /client was closed/i,
  /cannot use a pool after calling end/i,
  /terminating connection/i,
]

export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const code = typeof e.code === 'string' ? e.code : ''
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true
    const message = typeof e.message === 'string' ? e.message : ''
    if (!/^[0-9A-Z]{5}$/.test(code) && LOST_CONNECTION.some((re) => re.test(message))) return true
    // Node's connect to a name with several addresses: an AggregateError of the attempts.
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true
    e = e.cause as typeof e
  }
  return false
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_S = 2
