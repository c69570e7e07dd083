import type { Placed } from './cluster-index'
import type { ClusterAnswer, ClusterRequest } from './cluster-protocol'

/** Where scripts/map-assets.mjs puts the bundled worker (served from our own origin). */
export const CLUSTER_WORKER_URL = '/map/cluster-worker.js'

type Pending = { resolve: (a: ClusterAnswer) => void; reject: (e: Error) => void }
// Distributes Omit over the union (a plain Omit would merge its members).
type Ask<R> = R extends ClusterRequest ? Omit<R, 'seq'> : never

/** The main thread's side of the cluster worker: each call a promise of its answer. */
export class ClusterClient {
  private readonly worker: Worker
  private seq = 0
  private readonly pending = new Map<number, Pending>()

  constructor(url = CLUSTER_WORKER_URL) {
    this.worker = new Worker(url)
    this.worker.onmessage = (event: MessageEvent<ClusterAnswer>) => {
      const p = this.pending.get(event.data.seq)
      if (!p) return
      this.pending.delete(event.data.seq)
      if (event.data.kind === 'error') p.reject(new Error(event.data.message))
      else p.resolve(event.data)
    }
    this.worker.onerror = (event) => {
      for (const p of this.pending.values()) p.reject(new Error(event.message || 'cluster worker failed'))
      this.pending.clear()
    }
  }

  private ask(req: Ask<ClusterRequest>, transfer: Transferable[] = []): Promise<ClusterAnswer> {
    const seq = ++this.seq
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject })
      this.worker.postMessage({ ...req, seq }, transfer)
    })
  }

  /** Loads the points (copied into typed arrays and handed over); answers the worker's time in ms. */
  async load(points: { lon: number[]; lat: number[]; status: number[] }, statuses: number): Promise<number> {
    const lon = Float64Array.from(points.lon)
    const lat = Float64Array.from(points.lat)
    const status = Int16Array.from(points.status)
    const a = await this.ask({ kind: 'load', lon, lat, status, statuses }, [
      lon.buffer,
      lat.buffer,
      status.buffer,
    ])
    return a.kind === 'load' ? a.ms : 0
  }

  async at(bbox: [number, number, number, number], zoom: number): Promise<Placed[]> {
    const a = await this.ask({ kind: 'at', bbox, zoom })
    return a.kind === 'at' ? a.placed : []
  }

  async expansionZoom(cluster: number): Promise<number> {
    const a = await this.ask({ kind: 'expand', cluster })
    return a.kind === 'expand' ? a.zoom : 0
  }

  async leaves(cluster: number): Promise<number[]> {
    const a = await this.ask({ kind: 'leaves', cluster })
    return a.kind === 'leaves' ? a.points : []
  }

  close() {
    this.worker.terminate()
    for (const p of this.pending.values()) p.reject(new Error('closed'))
    this.pending.clear()
  }
}
