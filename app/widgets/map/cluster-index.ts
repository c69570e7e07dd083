import { MAP_MAX_ZOOM } from '@domain/widgets/map-geo'
import { addMix, type Mix, mixOf } from '@domain/widgets/map-mix'
import Supercluster from 'supercluster'

/*
 * The browser's clusters (issue 12): supercluster over the widget's points, each cluster carrying
 * the mix of its tasks' statuses (map-mix.ts). Runs in the cluster worker (cluster.worker.ts), off
 * the main thread; pure, so unit tests run it as it is.
 */

/** Points as the upstream answers them: columns, one index per task. */
export interface PointColumns {
  lon: ArrayLike<number>
  lat: ArrayLike<number>
  /** Index into the answer's statuses, -1 for none. */
  status: ArrayLike<number>
  /** How many statuses the answer names. */
  statuses: number
}

type PointProps = { i: number; s: number }
type ClusterProps = { mix: Mix }

/** One thing to draw: a cluster (id ≥ 0) or a task (its point index). */
export interface Placed {
  lon: number
  lat: number
  count: number
  /** The cluster's id, -1 for a single task. */
  cluster: number
  /** The single task's point index, -1 for a cluster. */
  point: number
  mix: Mix
}

/** Cluster radius in px: close enough to overlap on the map is one cluster. */
export const CLUSTER_RADIUS = 48

export class ClusterIndex {
  private readonly index: Supercluster<PointProps, ClusterProps>
  private readonly statuses: number

  constructor(points: PointColumns) {
    this.statuses = points.statuses
    const n = points.statuses
    this.index = new Supercluster<PointProps, ClusterProps>({
      radius: CLUSTER_RADIUS,
      maxZoom: MAP_MAX_ZOOM,
      map: (p) => ({ mix: mixOf(p.s, n) }),
      // supercluster copies a point's properties shallowly into its cluster: a new array, never
      // the point's own one summed into.
      reduce: (acc, p) => {
        acc.mix = addMix([...acc.mix], p.mix)
      },
    })
    const features = new Array(points.lon.length)
    for (let i = 0; i < points.lon.length; i++) {
      features[i] = {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [points.lon[i]!, points.lat[i]!] },
        properties: { i, s: points.status[i]! },
      }
    }
    this.index.load(features)
  }

  /** Clusters and single tasks in a viewport [west, south, east, north] at a zoom. */
  at(bbox: [number, number, number, number], zoom: number): Placed[] {
    return this.index.getClusters(bbox, Math.floor(zoom)).map((f) => {
      const [lon, lat] = f.geometry.coordinates as [number, number]
      const p = f.properties
      if ('cluster' in p && p.cluster)
        return { lon, lat, count: p.point_count, cluster: p.cluster_id, point: -1, mix: p.mix }
      const one = p as PointProps
      return { lon, lat, count: 1, cluster: -1, point: one.i, mix: mixOf(one.s, this.statuses) }
    })
  }

  /** The zoom at which a cluster splits; above MAP_MAX_ZOOM its tasks share (nearly) one place. */
  expansionZoom(cluster: number): number {
    return this.index.getClusterExpansionZoom(cluster)
  }

  /** The point indexes of a cluster's tasks (the first `limit`). */
  leaves(cluster: number, limit = 200): number[] {
    return this.index.getLeaves(cluster, limit).map((f) => f.properties.i)
  }
}
