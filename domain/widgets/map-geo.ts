/*
 * The map widget's geometry (spec §9 map constants), shared by the upstream's viewport and grid
 * clusters and the browser's map: Web Mercator as maplibre draws it (a world of 512 px at zoom 0),
 * a viewport as [west, south, east, north] in degrees.
 */

/** Spec §9: Moscow, zoom 7; clusters up to zoom 21, which is also the map's maximum zoom. */
export const MAP_DEFAULT_CENTER = { lat: 55.8, lon: 37.6 } as const
export const MAP_DEFAULT_ZOOM = 7
export const MAP_MAX_ZOOM = 21
/** Web Mercator stops here: the poles are infinitely far. */
export const MAX_LAT = 85.051129
/** maplibre's tile size: the world is this wide at zoom 0. */
export const WORLD_PX = 512

export type Bbox = [west: number, south: number, east: number, north: number]
export interface LatLon {
  lat: number
  lon: number
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** A longitude and latitude in [0, 1) of the world's width and height (x east, y south). */
export function toWorld(lon: number, lat: number): [number, number] {
  const phi = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180
  return [(lon + 180) / 360, 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)]
}

export function fromWorld(x: number, y: number): LatLon {
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI
  return { lon: x * 360 - 180, lat }
}

/** What a map of `width` × `height` px shows around its centre at a zoom (clamped to the world). */
export function bboxAround(center: LatLon, zoom: number, width = 800, height = 480): Bbox {
  const scale = WORLD_PX * 2 ** zoom
  const [cx, cy] = toWorld(center.lon, center.lat)
  const dx = width / 2 / scale
  const dy = height / 2 / scale
  const nw = fromWorld(cx - dx, clamp(cy - dy, 0, 1))
  const se = fromWorld(cx + dx, clamp(cy + dy, 0, 1))
  const west = dx >= 0.5 ? -180 : nw.lon
  const east = dx >= 0.5 ? 180 : se.lon
  return [wrapLon(west), se.lat, wrapLon(east), nw.lat]
}

/** A longitude in [-180, 180]. */
export function wrapLon(lon: number): number {
  if (lon >= -180 && lon <= 180) return lon
  return ((((lon + 180) % 360) + 360) % 360) - 180
}

/** Is a position inside a box (a box whose west is east of its east crosses the antimeridian)? */
export function inBbox(b: Bbox, lon: number, lat: number): boolean {
  if (lat < b[1] || lat > b[3]) return false
  return b[0] <= b[2] ? lon >= b[0] && lon <= b[2] : lon >= b[0] || lon <= b[2]
}

/** `west,south,east,north` in degrees, or undefined for anything else (a bad value is ignored). */
export function parseBbox(raw: string | undefined): Bbox | undefined {
  if (!raw || raw.length > 200) return undefined
  const parts = raw.split(',').map((s) => s.trim())
  if (parts.length !== 4 || parts.some((p) => !/^-?\d{1,3}(\.\d{1,20})?$/.test(p))) return undefined
  const [w, s, e, n] = parts.map(Number) as [number, number, number, number]
  if (s > n || s < -90 || n > 90 || w < -180 || w > 180 || e < -180 || e > 180) return undefined
  return [w, s, e, n]
}

/** `lat, lon` as the settings form keeps a centre, or undefined. */
export function parseCenter(raw: unknown): LatLon | undefined {
  if (typeof raw !== 'string') return undefined
  const m = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*[,;\s]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(raw)
  if (!m) return undefined
  const lat = Number(m[1])
  const lon = Number(m[2])
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : undefined
}

/** A zoom from settings or a query string: 0 to MAP_MAX_ZOOM, or undefined. */
export function parseZoom(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,2}(\.\d+)?$/.test(raw) ? +raw : NaN
  return Number.isFinite(n) && n >= 0 && n <= MAP_MAX_ZOOM ? n : undefined
}

/** Grid clusters: one cell is this many px of the map at the viewport's zoom. */
export const GRID_CELL_PX = 64

/** A grid cell's size as a fraction of the world at a zoom (the upstream groups by floor(x / size)). */
export const gridCellSize = (zoom: number) => GRID_CELL_PX / (WORLD_PX * 2 ** Math.floor(zoom))
