import { type Bbox, gridCellSize, MAX_LAT } from '@domain/widgets/map-geo'
import { and, count, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { tasks } from '../../db/schema'
import { type Join, joinClauses } from '../../rql'

/*
 * The map's SQL (spec §3: a position field's {field}.lat and {field}.lon in custom_fields): the
 * position as numbers, a viewport as a condition, and grid clusters — `group by` the Web Mercator
 * cell of each task at the viewport's zoom and its status — so the database answers a few hundred
 * rows for 100,000 tasks.
 */

export interface Position {
  lon: SQL
  lat: SQL
  /** Both parts are JSON numbers (a half-typed or missing position is no position). */
  present: SQL
}

export function positionOf(field: string): Position {
  const part = (p: 'lat' | 'lon') => sql`(${tasks.customFields} -> ${field} -> ${p})`
  return {
    lon: sql`(${tasks.customFields} -> ${field} ->> 'lon')::float8`,
    lat: sql`(${tasks.customFields} -> ${field} ->> 'lat')::float8`,
    present: sql`(jsonb_typeof(${part('lat')}) = 'number' and jsonb_typeof(${part('lon')}) = 'number')`,
  }
}

/** Inside [west, south, east, north]; a box whose west is east of its east crosses the antimeridian. */
export function withinBox(p: Position, b: Bbox): SQL {
  const [w, s, e, n] = b
  const lat = sql`${p.lat} between ${s} and ${n}`
  const lon = w <= e ? sql`${p.lon} between ${w} and ${e}` : sql`(${p.lon} >= ${w} or ${p.lon} <= ${e})`
  return sql`(${lat} and ${lon})`
}

export interface PointRow {
  id: string
  key: string
  lon: number
  lat: number
  statusId: string
}

/** Up to `limit` positioned tasks matching the condition (unordered: the map draws them all). */
export function selectPoints(db: Db, p: Position, joins: ReadonlySet<Join>, where: SQL, limit: number) {
  let q = db
    .select({
      id: tasks.id,
      key: tasks.key,
      lon: sql<number>`${p.lon}`.mapWith(Number),
      lat: sql<number>`${p.lat}`.mapWith(Number),
      statusId: tasks.statusId,
    })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(joins)) q = q.leftJoin(j.table, j.on)
  return q.where(and(where, p.present)).limit(limit) as Promise<PointRow[]>
}

export interface CellRow {
  cx: number
  cy: number
  statusId: string
  n: number
  lon: number
  lat: number
}

/** Per grid cell (at the zoom) and status: the count and the sums of positions (for the centroid). */
export function selectCells(db: Db, p: Position, joins: ReadonlySet<Join>, where: SQL, zoom: number) {
  const size = gridCellSize(zoom)
  const x = sql`((${p.lon} + 180) / 360)`
  const phi = sql`radians(least(greatest(${p.lat}, ${-MAX_LAT}), ${MAX_LAT}))`
  const y = sql`(0.5 - ln(tan(pi() / 4 + ${phi} / 2)) / (2 * pi()))`
  let q = db
    .select({
      cx: sql<number>`floor(${x} / ${size})::int`.mapWith(Number),
      cy: sql<number>`floor(${y} / ${size})::int`.mapWith(Number),
      statusId: tasks.statusId,
      n: count(),
      lon: sql<number>`sum(${p.lon})`.mapWith(Number),
      lat: sql<number>`sum(${p.lat})`.mapWith(Number),
    })
    .from(tasks)
    .$dynamic()
  for (const j of joinClauses(joins)) q = q.leftJoin(j.table, j.on)
  // By position: the cells' expressions bind their own parameters, which GROUP BY would not match.
  return q.where(and(where, p.present)).groupBy(sql`1, 2, 3`) as Promise<CellRow[]>
}
