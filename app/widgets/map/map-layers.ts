import type { MapData } from '@domain/widgets/kinds/map'
import type { Map as MapLibre } from 'maplibre-gl'
import type { themeColors } from './basemap'
import type { Placed } from './cluster-index'
import { drawPie, parsePieId, pieId, pieSlices, type Slice } from './pie'

/*
 * What the map draws of the widget's tasks (issue 12), on its canvas: one GeoJSON source, clusters
 * as a symbol layer of pies (drawn on demand, pie.ts) and single tasks as a circle layer in their
 * status colour. No DOM node per task. Shared by the widget (map-canvas.tsx) and bench/map.mjs.
 */

export const SOURCE = 'tasks'
const NO_STATUS = '#8a8f98'

type Features = GeoJSON.FeatureCollection<GeoJSON.Point>

/** What the source draws: clusters as pies (by name, drawn on demand), tasks as coloured dots. */
export function featuresOf(placed: readonly Placed[], data: MapData): Features {
  const colors = data.statuses.map((s) => s.color)
  const slicesOf = (mix: number[]): Slice[] => pieSlices(mix).map(([i, p]) => [colors[i] ?? NO_STATUS, p])
  return {
    type: 'FeatureCollection',
    features: placed.map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
      properties:
        p.count > 1 || p.cluster >= 0
          ? { kind: 'cluster', cluster: p.cluster, count: p.count, pie: pieId(p.count, slicesOf(p.mix)) }
          : { kind: 'task', point: p.point, color: colors[data.points.status[p.point] ?? -1] ?? NO_STATUS },
    })),
  }
}

/** The upstream's grid clusters as things to draw (no cluster id: a click zooms in). */
export const gridPlaced = (data: MapData): Placed[] =>
  data.clusters.map((c) => ({ lon: c.lon, lat: c.lat, count: c.count, cluster: -1, point: -1, mix: c.mix }))

/** The source and its two layers, above the basemap. */
export function addTaskLayers(map: MapLibre, colors: ReturnType<typeof themeColors>) {
  map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } })
  map.addLayer({
    id: 'task-points',
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'task'],
    paint: {
      'circle-color': ['get', 'color'],
      'circle-radius': 7,
      'circle-stroke-width': 2,
      'circle-stroke-color': colors.surface,
    },
  })
  map.addLayer({
    id: 'task-clusters',
    type: 'symbol',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'cluster'],
    layout: { 'icon-image': ['get', 'pie'], 'icon-allow-overlap': true, 'icon-ignore-placement': true },
  })
}

/** A cluster's pie is drawn the first time the map needs it (pie.ts). */
export function drawPiesOnDemand(map: MapLibre, colors: ReturnType<typeof themeColors>) {
  const ratio = window.devicePixelRatio || 1
  map.setMissingStyleImageResolver((id) => {
    const pie = parsePieId(id)
    if (!pie || map.hasImage(id)) return
    const image = drawPie(
      pie.label,
      pie.slices,
      { none: colors.muted, fill: colors.surface, text: colors.text },
      ratio,
    )
    if (image) map.addImage(id, image, { pixelRatio: ratio })
  })
}
