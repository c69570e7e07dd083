import { MAP_MAX_ZOOM } from '@domain/widgets/map-geo'
import * as ml from 'maplibre-gl'
import * as basemap from '../app/widgets/map/basemap'
import { ClusterClient } from '../app/widgets/map/cluster-client'
import { addTaskLayers, drawPiesOnDemand, featuresOf, SOURCE } from '../app/widgets/map/map-layers'
import { mapOptions, skipSky } from '../app/widgets/map/map-options'

/*
 * bench/map.mjs's page (bundled by it with esbuild): the map widget's own pieces — the cluster
 * worker, the offline basemap, the map's options, the layers and pies — over synthetic points,
 * measured in the page. The pan is driven from outside (bench/map.mjs drags the mouse through
 * Playwright, as a user does): the page only times the frames meanwhile, and redraws the clusters
 * on `moveend` as the widget does (map-canvas.tsx).
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

let live: { map: ml.Map; client: ClusterClient; redraws: number } | null = null

/** A map over n points: time until drawn and idle (interactive), and the long tasks meanwhile. */
async function mapStart(n: number) {
  const p = points(n)
  const data = { statuses, points: p } as never
  await new Promise((ok) => setTimeout(ok, 50))
  performance.mark('map-start')
  const started = performance.now()
  const since = longTasks.length
  ml.setWorkerUrl(basemap.MAPLIBRE_WORKER_URL)
  const colors = basemap.themeColors()
  const el = document.getElementById('map')!
  const map = new ml.Map({
    container: el,
    // As the widget: the water is the page's (the bench page's background is the dark theme's --bg).
    style: basemap.offlineStyle(colors, { water: 'page' }),
    center: [37.6, 55.8],
    zoom: 7,
    maxZoom: MAP_MAX_ZOOM,
    attributionControl: false,
    ...mapOptions(),
  })
  skipSky(map)
  drawPiesOnDemand(map, colors)
  const client = new ClusterClient()
  const bboxOf = (): Bbox => {
    const b = map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }
  const loaded = client.load(p, statuses.length)
  await new Promise<void>((ok) => map.on('load', () => ok()))
  addTaskLayers(map, colors)
  await loaded
  const state = { map, client, redraws: 0 }
  const redraw = async () => {
    state.redraws++
    const placed = await client.at(bboxOf(), map.getZoom())
    map.getSource<ml.GeoJSONSource>(SOURCE)!.setData(featuresOf(placed, data))
    return placed.length
  }
  const drawn = await redraw()
  await new Promise<void>((ok) => map.once('idle', () => ok()))
  const interactive = performance.now() - started
  performance.mark('map-interactive')
  const startLong = longTasks.slice(since).map((t) => t.duration)
  map.on('moveend', () => void redraw())
  // As the widget: the cities once the tasks are drawn (issue 25; absent from older checkouts).
  if ('revealPlaces' in basemap) basemap.revealPlaces(map)
  map.jumpTo({ zoom: 9 })
  await new Promise<void>((ok) => map.once('idle', () => ok()))
  live = state
  const r = map.getCanvas()
  return { n, drawn, interactive, startLong, canvas: [r.width, r.height] }
}

let panning: { frames: number[]; since: number; stop: boolean; done: Promise<void> } | null = null

/** Starts timing every frame until panStop (the drags come from bench/map.mjs). */
function panStart() {
  performance.mark('pan-start')
  const frames: number[] = []
  const state = { frames, since: longTasks.length, stop: false, done: Promise.resolve() }
  state.done = new Promise<void>((ok) => {
    let last = performance.now()
    const tick = (now: number) => {
      frames.push(now - last)
      last = now
      if (state.stop) ok()
      else requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  if (live) live.redraws = 0
  panning = state
}

async function panStop() {
  const state = panning!
  state.stop = true
  await state.done
  performance.mark('pan-end')
  const panLong = longTasks.slice(state.since).map((t) => t.duration)
  const redraws = live?.redraws ?? 0
  live?.map.remove()
  live?.client.close()
  live = null
  return { frames: state.frames.slice(1), panLong, redraws }
}

declare global {
  interface Window {
    benchMap: typeof run
    panStart: typeof panStart
    panStop: typeof panStop
  }
}

async function run() {
  const cluster10k = await clusterTimes(10_000, 7)
  const map100k = await mapStart(100_000)
  return { cluster10k, map100k }
}
window.benchMap = run
window.panStart = panStart
window.panStop = panStop
