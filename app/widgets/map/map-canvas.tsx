import type { MapData } from '@domain/widgets/kinds/map'
import { MAP_MAX_ZOOM } from '@domain/widgets/map-geo'
import type { GeoJSONSource, MapGeoJSONFeature, Map as MapLibre } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ParamsChange, WidgetInfo } from '../types'
import {
  loadStyle,
  localisedName,
  MAPLIBRE_CSS_URL,
  MAPLIBRE_WORKER_URL,
  offlineStyle,
  placeLabel,
  revealPlaces,
  themeColors,
} from './basemap'
import { ClusterClient } from './cluster-client'
import type { Placed } from './cluster-index'
import { addTaskLayers, drawPiesOnDemand, featuresOf, gridPlaced, SOURCE } from './map-layers'
import { mapOptions, skipSky } from './map-options'
import { SamePlace, type SamePlaceState } from './same-place'

/*
 * The map itself (issue 12), in the map widget's lazy chunk with maplibre: the widget's tasks as
 * clusters and points on the map's canvas. Points are clustered in a worker (cluster-client.ts);
 * past MAP_POINTS_MAX the upstream's grid clusters are drawn as they come, and each move asks for
 * the new viewport's. A map that cannot be made (no WebGL…) is logged and reported to the widget,
 * which keeps its list; never an error screen.
 */

export interface MapCanvasProps {
  widget: WidgetInfo
  data: MapData
  /** The viewport was in the URL: show it rather than the settings' centre. */
  fromUrl: boolean
  onParams?: ParamsChange
  /** A task chosen (its index in data.points) and what should get the focus back. */
  onTask: (point: number, returnFocusTo?: HTMLElement | null) => void
  onState: (state: 'ready' | 'failed') => void
}

const MOVE_DEBOUNCE_MS = 250

function ensureCss() {
  if (document.querySelector(`link[href="${MAPLIBRE_CSS_URL}"]`)) return
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = MAPLIBRE_CSS_URL
  document.head.append(link)
}

const bboxOf = (map: MapLibre): [number, number, number, number] => {
  const b = map.getBounds()
  const clamp = (n: number, lim: number) => Math.max(-lim, Math.min(lim, n))
  return [clamp(b.getWest(), 180), clamp(b.getSouth(), 90), clamp(b.getEast(), 180), clamp(b.getNorth(), 90)]
}
const fixed = (n: number) => Number(n.toFixed(5))

export default function MapCanvas({ widget, data, fromUrl, onParams, onTask, onState }: MapCanvasProps) {
  const { t, i18n } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const clusters = useRef<ClusterClient | null>(null)
  const dataRef = useRef(data)
  const loadedPoints = useRef<MapData['points'] | null>(null)
  const [loaded, setLoaded] = useState(false)
  /** Which basemap is drawn: the tile service's style, or the offline one it fell back to. */
  const [styleKind, setStyleKind] = useState<'remote' | 'offline'>()
  const [samePlace, setSamePlace] = useState<SamePlaceState | null>(null)
  // Handlers read the newest props without remaking the map.
  const live = useRef({ onParams, onTask, onState })
  live.current = { onParams, onTask, onState }
  dataRef.current = data

  // Draws what the newest data says for the map's viewport.
  const redraw = useRef(async () => {})
  redraw.current = async () => {
    const map = mapRef.current
    const source = map?.getSource<GeoJSONSource>(SOURCE)
    const d = dataRef.current
    if (!map || !source) return
    const draw = (placed: Placed[]) => {
      source.setData(featuresOf(placed, d))
      // What is drawn, for the page's tests and tools: clusters and single tasks in view.
      const el = container.current
      if (!el) return
      el.dataset.clusters = String(placed.filter((p) => p.count > 1 || p.cluster >= 0).length)
      el.dataset.tasks = String(placed.filter((p) => p.point >= 0).length)
      el.dataset.zoom = map.getZoom().toFixed(2)
    }
    if (d.mode === 'clusters') {
      draw(gridPlaced(d))
      return
    }
    const client = clusters.current
    if (!client) return
    if (loadedPoints.current !== d.points) {
      loadedPoints.current = d.points
      await client.load(d.points, d.statuses.length)
    }
    const placed = await client.at(bboxOf(map), map.getZoom())
    if (dataRef.current === d) draw(placed)
  }

  // The map, made once per widget.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; handlers read `live` and `dataRef`
  useEffect(() => {
    let disposed = false
    let moveTimer: ReturnType<typeof setTimeout> | undefined
    const resize = new ResizeObserver(() => mapRef.current?.resize())
    const fail = (err: unknown) => {
      // Once the widget is gone (a navigation while the map still loads) its cluster worker was
      // closed on purpose and what was pending fails with "closed": nothing went wrong to report.
      if (disposed) return
      console.error('map: could not be shown', err)
      live.current.onState('failed')
    }
    ;(async () => {
      ensureCss()
      const d = dataRef.current
      const colors = themeColors()
      // Labels in the node's map language, else the interface's (PRODUCT.md §10).
      const language = d.style.language || i18n.language || 'ru'
      const [ml, { style, remote }] = await Promise.all([
        import('maplibre-gl'),
        loadStyle(d.style, () => offlineStyle(colors, { water: 'page', language })),
      ])
      if (disposed || !container.current) return
      ml.setWorkerUrl(MAPLIBRE_WORKER_URL)
      setStyleKind(remote ? 'remote' : 'offline')
      const map = new ml.Map({
        container: container.current,
        style,
        center: [d.view.center.lon, d.view.center.lat],
        zoom: d.view.zoom,
        maxZoom: MAP_MAX_ZOOM,
        attributionControl: false,
        ...mapOptions(),
      })
      mapRef.current = map
      skipSky(map)
      if (fromUrl) {
        const [w, s, e, n] = d.view.bbox as [number, number, number, number]
        map.fitBounds([w, s, e, n], { animate: false, padding: 0 })
      }
      map.addControl(new ml.NavigationControl({ showCompass: false }), 'top-right')
      map.on('error', (e) => console.error('map:', e.error))
      drawPiesOnDemand(map, colors)
      map.on('load', () => {
        if (remote)
          for (const layer of map.getStyle().layers ?? []) {
            if (layer.type !== 'symbol') continue
            const field = localisedName(map.getLayoutProperty(layer.id, 'text-field'), language)
            if (field) map.setLayoutProperty(layer.id, 'text-field', field as never)
          }
        addTaskLayers(map, colors)
        clusters.current = new ClusterClient()
        setLoaded(true)
        live.current.onState('ready')
        void redraw.current().catch(fail)
        // The upstream's answer was for a guessed viewport: ask again for the real one.
        if (!dataRef.current.complete) map.fire('moveend')
      })
      // The offline basemap's cities once the tasks are drawn; the ones labelled, each time the map
      // settles, for the page's tests.
      if (!remote) map.once('idle', () => revealPlaces(map))
      if (!remote)
        map.on('idle', () => {
          const el = container.current
          if (!el || !map.getLayer('places-labels')) return
          const labels = map.queryRenderedFeatures({ layers: ['places-labels'] })
          el.dataset.places = labels
            .slice(0, 100)
            .map((f) => placeLabel(f.properties, language))
            .join('|')
        })
      map.on('moveend', () => {
        setSamePlace(null)
        void redraw.current().catch(fail)
        if (dataRef.current.complete || !live.current.onParams) return
        clearTimeout(moveTimer)
        moveTimer = setTimeout(() => {
          live.current.onParams?.({
            bbox: bboxOf(map).map(fixed).join(','),
            zoom: fixed(map.getZoom()),
            page: null,
          })
        }, MOVE_DEBOUNCE_MS)
      })
      const pointer = (on: boolean) => () => {
        map.getCanvas().style.cursor = on ? 'pointer' : ''
      }
      for (const layer of ['task-points', 'task-clusters']) {
        map.on('mouseenter', layer, pointer(true))
        map.on('mouseleave', layer, pointer(false))
      }
      map.on('click', 'task-points', (e) => {
        const point = Number((e.features?.[0] as MapGeoJSONFeature | undefined)?.properties?.point)
        if (Number.isInteger(point)) live.current.onTask(point, container.current)
      })
      map.on('click', 'task-clusters', async (e) => {
        const f = e.features?.[0] as MapGeoJSONFeature | undefined
        if (!f) return
        const [lon, lat] = (f.geometry as GeoJSON.Point).coordinates as [number, number]
        const id = Number(f.properties.cluster)
        const client = clusters.current
        if (id < 0 || !client) {
          map.easeTo({ center: [lon, lat], zoom: Math.min(MAP_MAX_ZOOM, map.getZoom() + 2) })
          return
        }
        const zoom = await client.expansionZoom(id)
        if (zoom <= MAP_MAX_ZOOM && map.getZoom() < MAP_MAX_ZOOM) {
          map.easeTo({ center: [lon, lat], zoom })
          return
        }
        // At the maximum zoom the tasks share one place: a list of them.
        const points = await client.leaves(id)
        setSamePlace({ x: e.point.x, y: e.point.y, points })
      })
      resize.observe(container.current)
    })().catch(fail)
    return () => {
      disposed = true
      clearTimeout(moveTimer)
      resize.disconnect()
      clusters.current?.close()
      clusters.current = null
      mapRef.current?.remove()
      mapRef.current = null
    }
  }, [])

  // New data (the viewport's, or a refresh): drawn again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` is read through dataRef by redraw
  useEffect(() => {
    if (loaded) void redraw.current().catch((err) => console.error('map:', err))
  }, [data, loaded])

  return (
    <div className="wm-map-frame">
      <div
        ref={container}
        className="wm-map"
        data-testid="map-canvas"
        data-mode={data.mode}
        data-ready={loaded || undefined}
        data-style={styleKind}
        role="region"
        aria-label={t('widget.map.label')}
      />
      {samePlace ? (
        <SamePlace
          state={samePlace}
          data={data}
          onPick={(point) => {
            setSamePlace(null)
            onTask(point, container.current)
          }}
          onClose={() => setSamePlace(null)}
        />
      ) : null}
      {loaded ? null : (
        <p className="wm-loading" role="status">
          {t('widget.map.loading')}
        </p>
      )}
      <span className="visually-hidden">{widget.title}</span>
    </div>
  )
}
