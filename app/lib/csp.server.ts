import { randomBytes } from 'node:crypto'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Other origins the page may load from: the node's logo images and font files. */
export interface CspSources {
  img?: string[]
  font?: string[]
}

/**
 * The document's Content-Security-Policy. Scripts run only with this request's nonce (Remix's inline
 * manifest and the entry module); `strict-dynamic` lets those load the route chunks. Style elements
 * need the nonce too (the node's theme is one, rendered by the server); style attributes stay
 * allowed because react-aria positions overlays with `style`. `style-src` is the fallback for
 * browsers without the -elem/-attr directives.
 */
export function contentSecurityPolicy(nonce: string, development = false, sources: CspSources = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'style-src-elem': ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(sources.img ?? [])],
    'font-src': ["'self'", 'data:', ...(sources.font ?? [])],
    // The map's workers (maplibre's and the cluster worker, public/map/), from our own origin.
    'worker-src': ["'self'", 'blob:'],
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
