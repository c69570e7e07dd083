import { randomBytes } from 'node:crypto'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * The document's Content-Security-Policy. Scripts run only with this request's nonce (Remix's inline
 * manifest and the entry module); `strict-dynamic` lets those load the route chunks. Styles allow
 * inline attributes because react-aria positions overlays with `style`.
 */
export function contentSecurityPolicy(nonce: string, development = false): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': development ? ["'self'", 'ws:'] : ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}
