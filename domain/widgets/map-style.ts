/*
 * Which tile style a map widget draws (PRODUCT.md §10 "Map tiles"): the widget's own
 * `view.style_url`, else the node's `map.style_url`, else a public keyless vector style. Whatever it
 * is, the browser falls back to the offline basemap when it cannot be loaded (spec §4: only logged).
 */

/** OpenFreeMap's "liberty": public, no key, OpenStreetMap data with names in many languages. */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty'

/** `offline` in place of a URL: the offline basemap only (a node with no internet, the tests). */
export const OFFLINE_STYLE = 'offline'

export interface NodeMapSettings {
  style_url?: string | null
  key?: string | null
  language?: string | null
}

export interface MapStyle {
  /** null: the offline basemap. */
  url: string | null
  key: string | null
  /** The labels' language; null: the interface's. */
  language: string | null
}

/**
 * The style for a widget whose own settings name `widget.url` (and key), in a node with `node`
 * map settings; `fallback` is the default when neither names one (DEFAULT_MAP_STYLE_URL, or
 * OFFLINE_STYLE where the server is told to stay offline).
 */
export function mapStyleFor(
  widget: { url: string | null; key: string | null },
  node: NodeMapSettings | null | undefined,
  fallback: string = DEFAULT_MAP_STYLE_URL,
): MapStyle {
  const language = node?.language || null
  const pick = (url: string | null | undefined, key: string | null | undefined): MapStyle => ({
    url: !url || url === OFFLINE_STYLE ? null : url,
    key: url && url !== OFFLINE_STYLE ? key || null : null,
    language,
  })
  if (widget.url) return pick(widget.url, widget.key)
  if (node?.style_url) return pick(node.style_url, node.key)
  return pick(fallback, null)
}
