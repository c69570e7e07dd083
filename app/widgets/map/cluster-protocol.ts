import type { Placed } from './cluster-index'

/*
 * Messages between the map and its cluster worker (cluster.worker.ts). Every request carries a
 * sequence number; the answer echoes it, so an answer to a superseded request is dropped.
 */

export type ClusterRequest =
  | {
      seq: number
      kind: 'load'
      lon: Float64Array
      lat: Float64Array
      status: Int16Array
      statuses: number
    }
  | { seq: number; kind: 'at'; bbox: [number, number, number, number]; zoom: number }
  | { seq: number; kind: 'expand'; cluster: number }
  | { seq: number; kind: 'leaves'; cluster: number }

export type ClusterAnswer =
  | { seq: number; kind: 'load'; ms: number }
  | { seq: number; kind: 'at'; placed: Placed[] }
  | { seq: number; kind: 'expand'; zoom: number }
  | { seq: number; kind: 'leaves'; points: number[] }
  | { seq: number; kind: 'error'; message: string }
