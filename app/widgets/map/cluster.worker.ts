/// <reference lib="webworker" />
import { ClusterIndex } from './cluster-index'
import type { ClusterAnswer, ClusterRequest } from './cluster-protocol'

/*
 * The map's cluster worker (issue 12: clustering runs off the main thread). Bundled on its own by
 * scripts/map-assets.mjs into public/map/cluster-worker.js; the map talks to it through
 * cluster-client.ts.
 */

declare const self: DedicatedWorkerGlobalScope

let index: ClusterIndex | null = null

function answer(req: ClusterRequest): ClusterAnswer {
  if (req.kind === 'load') {
    const started = performance.now()
    index = new ClusterIndex(req)
    return { seq: req.seq, kind: 'load', ms: performance.now() - started }
  }
  if (!index) return { seq: req.seq, kind: 'error', message: 'not loaded' }
  if (req.kind === 'at') return { seq: req.seq, kind: 'at', placed: index.at(req.bbox, req.zoom) }
  if (req.kind === 'expand') return { seq: req.seq, kind: 'expand', zoom: index.expansionZoom(req.cluster) }
  return { seq: req.seq, kind: 'leaves', points: index.leaves(req.cluster) }
}

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  try {
    self.postMessage(answer(event.data))
  } catch (err) {
    self.postMessage({ seq: event.data.seq, kind: 'error', message: String(err) } satisfies ClusterAnswer)
  }
}
