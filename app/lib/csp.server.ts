import { randomBytes } from 'node:crypto'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/**
 * Other origins the page may load from: the node's logo images and font files, and what a page's
 * loader names (a map widget's tile service: its style, tiles and glyphs by fetch, sprites as images).
 */
export interface CspSources {
  img?: string[]
  font?: string[]
  connect?: string[]
}

/** The sources a route's loader data names under `csp` (see `routeCspSources`). */
export function mergeCspSources(...all: (CspSources | undefined)[]): CspSources {
  const out: Required<CspSources> = { img: [], font: [], connect: [] }
  for (const s of all)
    for (const k of ['img', 'font', 'connect'] as const)
      for (const o of s?.[k] ?? []) if (!out[k].includes(o)) out[k].push(o)
  return out
}

/** Every rendered route's `csp` sources from its loader data (the board pages' map widgets). */
export function routeCspSources(loaderData: Record<string, unknown> | undefined): CspSources[] {
  return Object.values(loaderData ?? {}).flatMap((d) =>
    d && typeof d === 'object' && 'csp' in d && d.csp && typeof d.csp === 'object'
      ? [d.csp as CspSources]
      : [],
  )
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
    'connect-src': [...(development ? ["'self'", 'ws:'] : ["'self'"]), ...(sources.connect ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}
