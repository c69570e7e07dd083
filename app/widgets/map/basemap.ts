import type {
  ExpressionSpecification,
  FilterSpecification,
  LayerSpecification,
  Map as MapLibre,
  StyleSpecification,
} from 'maplibre-gl'

/*
 * The map's basemap (issue 12): with no tile service set, a style drawn from Natural Earth's
 * countries (world-atlas, turned into GeoJSON by scripts/map-assets.mjs and served from our own
 * origin) and its cities (issue 25, scripts/map-places.mjs), so the map works with no internet;
 * its colours are the theme's. With a style URL set, that style, its key filled in.
 */

export const BASEMAP_URL = '/map/countries.json'
export const PLACES_URL = '/map/places.json'
export const MAPLIBRE_WORKER_URL = '/map/maplibre-gl-worker.mjs'
export const MAPLIBRE_CSS_URL = '/map/maplibre-gl.css'

/** The theme's colours, read from the page's CSS variables (dark or light). */
export function themeColors(el: Element = document.documentElement) {
  const css = getComputedStyle(el)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return {
    water: v('--bg', '#0d0e10'),
    land: v('--surface-raised', '#1c1d21'),
    border: v('--border', '#26282d'),
    text: v('--text', '#ececee'),
    muted: v('--text-muted', '#8a8f98'),
    surface: v('--surface', '#16171a'),
  }
}

/** The languages the cities are named in beside English (scripts/map-places.mjs). */
const PLACE_LANGUAGES = ['ru', 'zh']

/** A city's name in `language`, else its English name. */
export function placeName(language: string): ExpressionSpecification {
  const lang = language.slice(0, 2).toLowerCase()
  return PLACE_LANGUAGES.includes(lang)
    ? ['coalesce', ['get', `name_${lang}`], ['get', 'name']]
    : ['get', 'name']
}

/** The same name as text, for a place's properties (what placeName draws). */
export function placeLabel(properties: Record<string, unknown>, language: string): string {
  const lang = language.slice(0, 2).toLowerCase()
  const local = PLACE_LANGUAGES.includes(lang) ? properties[`name_${lang}`] : undefined
  return String(local ?? properties.name ?? '')
}

/**
 * The largest rank of city shown at the map's zoom: the largest cities (rank 1, over 5 million)
 * at a continent's zoom, the next (over a million) from a country's, every place (rank 4) from a region's. Filters see whole zooms only.
 */
export const PLACE_RANK_BY_ZOOM: ExpressionSpecification = ['step', ['zoom'], 1, 3, 2, 5, 3, 7, 4]

/** The cities' layers, hidden in the style and shown by revealPlaces. */
export const PLACE_LAYERS = ['places-dots', 'places-labels']

/**
 * The cities: a dot and a label, above the countries. No `glyphs` in the style: maplibre then draws
 * the labels itself with the browser's own fonts (any script, nothing fetched from a glyph server).
 * Hidden until the map has drawn the tasks (revealPlaces): drawing the labels' letters takes the
 * main thread for a while, and the tasks come first (bench/RESULTS.md, map, issue 25).
 */
function placeLayers(colors: ReturnType<typeof themeColors>, language: string): LayerSpecification[] {
  const shown: FilterSpecification = ['<=', ['get', 'rank'], PLACE_RANK_BY_ZOOM]
  return [
    {
      id: 'places-dots',
      type: 'circle',
      source: 'places',
      minzoom: 2,
      filter: shown,
      layout: { visibility: 'none' },
      paint: {
        'circle-radius': ['match', ['get', 'rank'], 1, 3, 2, 2.5, 2],
        'circle-color': colors.muted,
        'circle-stroke-color': colors.land,
        'circle-stroke-width': 1,
      },
    },
    {
      id: 'places-labels',
      type: 'symbol',
      source: 'places',
      minzoom: 2,
      filter: shown,
      layout: {
        'text-field': placeName(language),
        'text-font': ['sans-serif'],
        'text-size': ['match', ['get', 'rank'], 1, 13, 2, 12, 11],
        'text-anchor': 'top',
        'text-offset': [0, 0.4],
        'text-max-width': 8,
        visibility: 'none',
      },
      paint: {
        'text-color': ['match', ['get', 'rank'], [1, 2], colors.text, colors.muted],
        'text-halo-color': colors.land,
        'text-halo-width': 1.2,
      },
    },
  ]
}

/**
 * The offline style. `water: 'page'` leaves the water to the page (the map's container painted in
 * colors.water, as the widget's frame is): one pass over the whole canvas fewer in every frame,
 * which a software GPU feels (bench/RESULTS.md, map). Cities are named in `language`.
 */
export function offlineStyle(
  colors: ReturnType<typeof themeColors>,
  { water = 'drawn', language = 'en' }: { water?: 'drawn' | 'page'; language?: string } = {},
): StyleSpecification {
  const waterLayer = { id: 'water', type: 'background', paint: { 'background-color': colors.water } } as const
  return {
    version: 8,
    sources: {
      world: { type: 'geojson', data: BASEMAP_URL },
      places: { type: 'geojson', data: PLACES_URL },
    },
    layers: [
      ...(water === 'drawn' ? [waterLayer] : []),
      {
        id: 'land',
        type: 'fill',
        source: 'world',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': colors.land },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'world',
        filter: ['==', ['get', 'kind'], 'border'],
        paint: { 'line-color': colors.muted, 'line-opacity': 0.5, 'line-width': 0.8 },
      },
      ...placeLayers(colors, language),
    ],
  }
}

/** Shows the offline basemap's cities (a no-op on a tile service's style). */
export function revealPlaces(map: Pick<MapLibre, 'getLayer' | 'setLayoutProperty'>) {
  for (const id of PLACE_LAYERS) if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', 'visible')
}

/** A tile service's style URL with its key: in place of `{key}`, else as `key=`. */
export function styleUrl(url: string, key: string | null): string {
  if (!key) return url
  if (url.includes('{key}')) return url.replaceAll('{key}', encodeURIComponent(key))
  return `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(key)}`
}

/** A text field that names a place, in the user's language where the style has it. */
export function localisedName(field: unknown, language: string): unknown {
  const text = JSON.stringify(field ?? '')
  if (!/name/.test(text)) return undefined
  return ['coalesce', ['get', `name:${language}`], ['get', 'name']]
}

/** How long a tile style may take to answer before the offline basemap is used instead. */
export const STYLE_TIMEOUT_MS = 8000

/** Whether `value` looks like a MapLibre style (version 8 with its sources and layers). */
export function isStyle(value: unknown): value is StyleSpecification {
  const v = value as Partial<StyleSpecification> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    v.version === 8 &&
    typeof v.sources === 'object' &&
    v.sources !== null &&
    Array.isArray(v.layers)
  )
}

/**
 * The style to draw (PRODUCT.md §10, spec §4): the tile service's, fetched here so that a failure
 * (unreachable, refused, not a style, too slow) falls back to the offline basemap and is only
 * logged — never an error on the page. `remote` tells which one it is.
 */
export async function loadStyle(
  style: { url: string | null; key: string | null },
  offline: () => StyleSpecification,
  { fetcher = fetch, timeoutMs = STYLE_TIMEOUT_MS }: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ style: StyleSpecification; remote: boolean }> {
  if (!style.url) return { style: offline(), remote: false }
  const url = styleUrl(style.url, style.key)
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const json: unknown = await res.json()
    if (!isStyle(json)) throw new Error('not a MapLibre style')
    return { style: json, remote: true }
  } catch (err) {
    console.warn('map: the tile style could not be loaded, drawing the offline basemap', style.url, err)
    return { style: offline(), remote: false }
  }
}
