import { isLanguage, type Language } from '~/i18n'
import { nodeName } from './node.server'
import { assetOrigins, composeThemeCss, type ThemeAssets } from './node-theme'
import { upstream } from './upstream.server'

/** GET /api/nodes/assets/{domain}: what anyone may know of a node (api/src/routes/nodes/schemas.ts). */
export interface NodeAssets extends ThemeAssets {
  settings: {
    auth?: { service_center?: { url: string; project_id?: string; account_id?: string } | null }
    logo: { main?: string; small?: string; favicon?: string }
    locale: string
  }
}

/** What the pages use, derived once per node version. */
export interface NodeLook {
  domain: string
  version: string
  logo: { main?: string; small?: string }
  favicon: string | null
  locale: Language | null
  /** The composed style sheet (font faces and the node's CSS), rendered by the server into the page. */
  themeCss: string
  /** Origins the CSP must allow for the logo images and the fonts. */
  origins: { img: string[]; font: string[] }
}

/** How long a node's look is trusted before asking the upstream again. */
export const ASSETS_TTL_MS = 5_000
/** Hosts are chosen by the caller: bound the cache so made-up names cannot grow it without end. */
const MAX_NODES = 1_000

interface Entry {
  at: number
  look: NodeLook | null
  pending?: Promise<NodeLook | null>
}

const cache = new Map<string, Entry>()

export function deriveLook(domain: string, assets: NodeAssets): NodeLook {
  const { logo, locale } = assets.settings
  return {
    domain,
    version: assets.version,
    logo: { main: logo.main, small: logo.small },
    favicon: logo.favicon ?? null,
    locale: isLanguage(locale) ? locale : null,
    themeCss: composeThemeCss(assets),
    origins: { img: assetOrigins([logo.main, logo.small, logo.favicon]), font: assetOrigins(assets.fonts) },
  }
}

async function fetchLook(
  request: Request,
  domain: string,
  previous: NodeLook | null,
): Promise<NodeLook | null> {
  // Shared by every request waiting for this node: not cut short when the first caller goes away.
  const detached = new Request(request.url, { headers: request.headers })
  const res = await upstream(detached).get<NodeAssets>(`/api/nodes/assets/${encodeURIComponent(domain)}`, {
    token: null,
    on401: 'return',
  })
  // No such node (or not a valid name): nothing to theme; the access check shows node-not-found.
  if (res.status === 404 || res.status === 422) return null
  if (!res.ok || !res.data) throw new Error(`GET /api/nodes/assets/${domain} answered ${res.status}`)
  // Keyed by version: an unchanged node keeps the look already derived (and its composed CSS).
  if (previous && previous.version === res.data.version) return previous
  return deriveLook(domain, res.data)
}

function remember(domain: string, entry: Entry) {
  cache.delete(domain)
  cache.set(domain, entry)
  if (cache.size > MAX_NODES) cache.delete(cache.keys().next().value!)
}

/**
 * The look of the node this request's host names, from a per-process memory cache: asked of the
 * upstream at most once per ASSETS_TTL_MS per node (concurrent requests share one call). A failure
 * is only logged (spec §8: theme failures are only logged): the last known look, or none, is used.
 */
export async function getNodeLook(request: Request, now = Date.now()): Promise<NodeLook | null> {
  const domain = nodeName(request)
  const entry = cache.get(domain)
  if (entry && (entry.pending || now - entry.at < ASSETS_TTL_MS)) return entry.pending ?? entry.look
  const previous = entry?.look ?? null
  const pending = fetchLook(request, domain, previous).then(
    (look) => {
      remember(domain, { at: Date.now(), look })
      return look
    },
    (error: unknown) => {
      const why = error instanceof Response ? `upstream ${error.status}` : String(error)
      console.error(`[web] theme of node ${domain}: ${why}`)
      remember(domain, { at: Date.now(), look: previous })
      return previous
    },
  )
  remember(domain, { at: entry?.at ?? 0, look: previous, pending })
  return pending
}

/** For tests. */
export function clearNodeLookCache() {
  cache.clear()
}
