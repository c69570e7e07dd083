/** The hidden form field carrying the CSRF token (app/lib/csrf.server.ts checks it). */
export const CSRF_FIELD = 'csrf'

/** The code of the 403 a failed check throws; the root error boundary explains it. */
export const CSRF_ERROR = 'request.csrf'
