import { isLanguage, type Language } from '~/i18n'

/*
 * The public look-ups of a node that every page makes, cached per process for a few seconds:
 * its look (GET /api/nodes/assets/{domain}) and the node itself (GET /api/nodes/domain/{domain}).
 */
import { nodeName } from './node.server'
import { assetOrigins, composeThemeCss, fontSrc } from './node-theme'
import { pageFontUrl, type ServedFont, servedFont } from './theme-fonts.server'
import { ttlCache } from './ttl-cache.server'
import type { Schema } from './upstream/types'
import { detached, onNodeChange, type ResultOf, upstream } from './upstream.server'

/** GET /api/nodes/assets/{domain}: what anyone may know of a node. */
export type NodeAssets = Schema<'NodeAssets'>

/** What the pages use, derived once per node version. */
export interface NodeLook {
  domain: string
  version: string
  logo: { main?: string; small?: string }
  favicon: string | null
  locale: Language | null
  /**
   * The composed style sheet (font faces and the node's CSS), rendered by the server into the page.
   * Its data: fonts point at their cached URLs, not inlined.
   */
  themeCss: string
  /** The theme's data: fonts decoded, by their place in the list (null: a font given as a URL). */
  fonts: (ServedFont | null)[]
  /** The first face, which the page preloads (the one the node's CSS most likely uses). */
  preloadFont: { href: string; type: string } | null
  /** Origins the CSP must allow for the logo images and the fonts. */
  origins: { img: string[]; font: string[] }
}

/** How long a node's look is trusted before asking the upstream again. */
export const ASSETS_TTL_MS = 5_000

const looks = ttlCache<NodeLook | null>({ ttlMs: ASSETS_TTL_MS })

export function deriveLook(domain: string, assets: NodeAssets): NodeLook {
  const { logo = {}, locale } = assets.settings
  const fonts = assets.fonts.map((font) => servedFont(fontSrc(font)))
  const first = fonts[0]
  return {
    domain,
    version: assets.version,
    logo: { main: logo.main, small: logo.small },
    favicon: logo.favicon ?? null,
    locale: isLanguage(locale) ? locale : null,
    themeCss: composeThemeCss(assets, (url, i) => pageFontUrl(url, fonts[i] ?? null, i)),
    fonts,
    preloadFont: first ? { href: pageFontUrl('', first, 0), type: first.type } : null,
    origins: {
      img: assetOrigins([logo.main, logo.small, logo.favicon]),
      font: assetOrigins(assets.fonts.map(fontSrc)),
    },
  }
}

async function fetchLook(
  request: Request,
  domain: string,
  previous: NodeLook | null,
): Promise<NodeLook | null> {
  const res = await upstream(detached(request)).get('/api/nodes/assets/{domain}', {
    path: { domain },
    token: null,
    on401: 'return',
  })
  // No such node (or not a valid name): nothing to theme; the access check shows node-not-found.
  if (res.status === 404 || res.status === 422) return null
  if (!res.ok) throw new Error(`GET /api/nodes/assets/${domain} answered ${res.status}`)
  // Keyed by version: an unchanged node keeps the look already derived (and its composed CSS).
  if (previous && previous.version === res.data.version) return previous
  return deriveLook(domain, res.data)
}

/**
 * The look of the node this request's host names, from the per-process cache (asked of the
 * upstream at most once per ASSETS_TTL_MS per node). A failure is only logged (spec §8: theme
 * failures are only logged): the last known look, or none, is used until the next try.
 */
export function getNodeLook(request: Request, now = Date.now()): Promise<NodeLook | null> {
  const domain = nodeName(request)
  return looks.get(
    domain,
    (stale) =>
      fetchLook(request, domain, stale ?? null).catch((error: unknown) => {
        const why = error instanceof Response ? `upstream ${error.status}` : String(error)
        console.error(`[web] theme of node ${domain}: ${why}`)
        return stale ?? null
      }),
    now,
  )
}

/** The node a domain names, as GET /api/nodes/domain/{domain} answers (public: no token needed). */
export type NodeInfo = Schema<'PublicNode'>

/** An answer is kept when it is a node, or the upstream's word that there is none. */
const nodes = ttlCache<ResultOf<'/api/nodes/domain/{domain}', 'get'>>({
  ttlMs: ASSETS_TTL_MS,
  keep: (res) => res.ok || res.status === 404 || res.status === 422,
})

/**
 * The access check's node look-up, from the same kind of cache as the look: one upstream call per
 * node every few seconds instead of one per page (a settings change shows within ASSETS_TTL_MS).
 */
export function getNodeByDomain(request: Request, domain: string, now = Date.now()) {
  return nodes.get(
    domain,
    () =>
      upstream(detached(request)).get('/api/nodes/domain/{domain}', {
        path: { domain },
        token: null,
        on401: 'return',
      }),
    now,
  )
}

/** Forgets every cached node and look: on a node change made through this process, and in tests. */
export function clearNodeLookCache() {
  looks.clear()
  nodes.clear()
}

onNodeChange(clearNodeLookCache)
