import { MAP_MAX_ZOOM } from '@domain/widgets/map-geo'
import * as ml from 'maplibre-gl'
import { MAPLIBRE_WORKER_URL, offlineStyle, themeColors } from '../app/widgets/map/basemap'
import { ClusterClient } from '../app/widgets/map/cluster-client'
import { addTaskLayers, drawPiesOnDemand, featuresOf, SOURCE } from '../app/widgets/map/map-layers'

/*
 * bench/map.mjs's page (bundled by it with esbuild): the map widget's own pieces — the cluster
 * worker, the offline basemap, the layers and pies — over synthetic points, measured in the page.
 */

type Bbox = [number, number, number, number]

const longTasks: { start: number; duration: number }[] = []
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration })
}).observe({ type: 'longtask', buffered: true })

/** n points around Moscow (a few dense towns and a sparse spread), 3 statuses. */
function points(n: number) {
  const lon: number[] = []
  const lat: number[] = []
  const status: number[] = []
  let seed = 42
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  for (let i = 0; i < n; i++) {
    const town = i % 5
    const spread = town === 0 ? 3 : 0.3
    lon.push(37.6 + (town - 2) * 0.8 + (rnd() - 0.5) * spread)
    lat.push(55.75 + (town - 2) * 0.3 + (rnd() - 0.5) * spread * 0.6)
    status.push(i % 3)
  }
  return { id: lon.map((_, i) => `t${i}`), key: lon.map((_, i) => `T-${i}`), lon, lat, status }
}

const statuses = [
  { id: 'a', name: 'Open', color: '#4ea7fc' },
  { id: 'b', name: 'Doing', color: '#f2a93b' },
  { id: 'c', name: 'Done', color: '#4cb782' },
]

/** 10,000 points clustered in the worker: its own time and the round trip seen by the page. */
async function clusterTimes(n: number, runs: number) {
  const client = new ClusterClient()
  const p = points(n)
  const out: { worker: number; roundTrip: number }[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const worker = await client.load(p, statuses.length)
    await client.at([-180, -85, 180, 85], 7)
    out.push({ worker, roundTrip: performance.now() - started })
  }
  client.close()
  return out
}

/** A map over n points: time until drawn and idle (interactive), long tasks meanwhile, then panning frames. */
async function mapTimes(n: number) {
  const started = performance.now()
  const since = longTasks.length
  ml.setWorkerUrl(MAPLIBRE_WORKER_URL)
  const colors = themeColors()
  const el = document.getElementById('map')!
  const map = new ml.Map({
    container: el,
    style: offlineStyle(colors),
    center: [37.6, 55.8],
    zoom: 7,
    maxZoom: MAP_MAX_ZOOM,
    attributionControl: false,
    fadeDuration: 0,
  })
  drawPiesOnDemand(map, colors)
  const client = new ClusterClient()
  const p = points(n)
  const data = { statuses, points: p } as never
  const bboxOf = (): Bbox => {
    const b = map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }
  const loaded = client.load(p, statuses.length)
  await new Promise<void>((ok) => map.on('load', () => ok()))
  addTaskLayers(map, colors)
  await loaded
  const redraw = async () => {
    const placed = await client.at(bboxOf(), map.getZoom())
    map.getSource<ml.GeoJSONSource>(SOURCE)!.setData(featuresOf(placed, data))
    return placed.length
  }
  const drawn = await redraw()
  await new Promise<void>((ok) => map.once('idle', () => ok()))
  const interactive = performance.now() - started
  const startLong = longTasks.slice(since).map((t) => t.duration)
  map.on('moveend', () => void redraw())

  // Panning: 3 s of drags at zoom 9 (many clusters), every frame timed.
  map.jumpTo({ zoom: 9 })
  await redraw()
  await new Promise<void>((ok) => map.once('idle', () => ok()))
  const frames: number[] = []
  const panSince = longTasks.length
  await new Promise<void>((ok) => {
    let last = performance.now()
    const end = last + 3000
    let step = 0
    const tick = (now: number) => {
      frames.push(now - last)
      last = now
      step++
      map.panBy([step % 120 < 60 ? 12 : -12, 4 * Math.sin(step / 10)], { animate: false })
      if (step % 20 === 0) map.fire('moveend')
      if (now < end) requestAnimationFrame(tick)
      else ok()
    }
    requestAnimationFrame(tick)
  })
  const panLong = longTasks.slice(panSince).map((t) => t.duration)
  map.remove()
  client.close()
  return { n, drawn, interactive, startLong, frames, panLong }
}

declare global {
  interface Window {
    benchMap: typeof run
  }
}

async function run() {
  const cluster10k = await clusterTimes(10_000, 7)
  const map100k = await mapTimes(100_000)
  return { cluster10k, map100k }
}
window.benchMap = run
