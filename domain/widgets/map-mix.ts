/*
 * A cluster's mix of statuses (issue 12: users ask for clusters that show the mix of states, not a
 * count only): counts per status index, summed when clusters merge. The upstream's grid cells and
 * the browser's supercluster index both build clusters with these.
 */

/** Counts per status index; index i counts the tasks of statuses[i]. */
export type Mix = number[]

/** A mix of one task of status index `s` (-1, a status gone: counted nowhere but in the total). */
export function mixOf(s: number, statuses: number): Mix {
  const mix = new Array<number>(statuses).fill(0)
  if (s >= 0 && s < statuses) mix[s] = 1
  return mix
}

/** Adds `b` into `a` (supercluster's reduce: in place). */
export function addMix(a: Mix, b: readonly number[]): Mix {
  for (let i = 0; i < b.length; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0)
  return a
}

export interface CellCount {
  cx: number
  cy: number
  /** Index into the answer's statuses, -1 for none. */
  status: number
  n: number
  /** Sums of the cell's positions (for its centroid). */
  lon: number
  lat: number
}

export interface GridCluster {
  lon: number
  lat: number
  count: number
  mix: Mix
}

/** Rows per (cell, status) into one cluster per cell at the centroid of its tasks, biggest first. */
export function mergeCells(rows: readonly CellCount[], statuses: number): GridCluster[] {
  const cells = new Map<string, GridCluster>()
  for (const r of rows) {
    const id = `${r.cx}:${r.cy}`
    let c = cells.get(id)
    if (!c) {
      c = { lon: 0, lat: 0, count: 0, mix: new Array<number>(statuses).fill(0) }
      cells.set(id, c)
    }
    c.count += r.n
    c.lon += r.lon
    c.lat += r.lat
    if (r.status >= 0 && r.status < statuses) c.mix[r.status]! += r.n
  }
  return [...cells.values()]
    .map((c) => ({ ...c, lon: c.lon / c.count, lat: c.lat / c.count }))
    .sort((a, b) => b.count - a.count)
}
