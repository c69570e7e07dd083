import {
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_MAX_ZOOM,
  parseCenter,
  parseZoom,
} from '@domain/widgets/map-geo'
import type { Map as MapLibre } from 'maplibre-gl'
import { useEffect, useRef } from 'react'
import { MAPLIBRE_CSS_URL, MAPLIBRE_WORKER_URL, offlineStyle, themeColors } from './basemap'

/*
 * The map widget's centre and zoom picked on a small map (issue 12 item 6), in the admin's widget
 * form, with JavaScript only: moving the map writes "lat, lon" and the zoom into the form's own
 * inputs (which stay the way to type them, and the only way without JavaScript); typing there moves
 * the map. The offline basemap, so it needs no tile service. In the map's lazy chunk with maplibre.
 */

export const CENTER_INPUT = 'settings.view.center'
export const ZOOM_INPUT = 'settings.view.zoom'

/** The centre as the settings keep it: five decimals (about a metre) is plenty. */
export const centerText = (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`
const zoomText = (zoom: number) => String(Math.round(zoom * 10) / 10)

function input(formId: string, name: string): HTMLInputElement | null {
  const form = document.getElementById(formId)
  const el = form instanceof HTMLFormElement ? form.elements.namedItem(name) : null
  return el instanceof HTMLInputElement ? el : null
}

/** Sets an input's value as a person typing would, so the form's validation sees it. */
function typeInto(el: HTMLInputElement, value: string) {
  if (el.value === value) return
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
  el.dispatchEvent(new Event('change', { bubbles: true }))
}

export default function MapViewPicker({ formId, label }: { formId: string; label: string }) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    let disposed = false
    let map: MapLibre | undefined
    const centerEl = input(formId, CENTER_INPUT)
    const zoomEl = input(formId, ZOOM_INPUT)
    // The inputs changed by a person: the map follows.
    const follow = () => {
      const c = parseCenter(centerEl?.value)
      const z = parseZoom(zoomEl?.value)
      if (map && (c || z !== undefined))
        map.jumpTo({ ...(c ? { center: [c.lon, c.lat] } : {}), ...(z !== undefined ? { zoom: z } : {}) })
    }
    ;(async () => {
      if (!document.querySelector(`link[href="${MAPLIBRE_CSS_URL}"]`)) {
        const link = document.createElement('link')
        link.rel = 'stylesheet'
        link.href = MAPLIBRE_CSS_URL
        document.head.append(link)
      }
      const ml = await import('maplibre-gl')
      if (disposed || !container.current) return
      ml.setWorkerUrl(MAPLIBRE_WORKER_URL)
      const c = parseCenter(centerEl?.value) ?? MAP_DEFAULT_CENTER
      map = new ml.Map({
        container: container.current,
        style: offlineStyle(themeColors(), { language: document.documentElement.lang || 'ru' }),
        center: [c.lon, c.lat],
        zoom: parseZoom(zoomEl?.value) ?? MAP_DEFAULT_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
      })
      map.addControl(new ml.NavigationControl({ showCompass: false }), 'top-right')
      map.on('error', (e) => console.error('map picker:', e.error))
      map.on('moveend', (e) => {
        if (!map) return
        const at = map.getCenter()
        // Where the map is, for the page's tests and tools.
        if (container.current) container.current.dataset.center = centerText(at.lat, at.lng)
        // Only a move by the person on the map writes back (not the one that follows the inputs).
        if (!('originalEvent' in e) || !e.originalEvent) return
        if (centerEl) typeInto(centerEl, centerText(at.lat, at.lng))
        if (zoomEl) typeInto(zoomEl, zoomText(map.getZoom()))
      })
      map.on('load', () => {
        if (container.current) container.current.dataset.ready = 'true'
      })
    })().catch((err) => console.error('map picker: could not be shown', err))
    centerEl?.addEventListener('change', follow)
    zoomEl?.addEventListener('change', follow)
    return () => {
      disposed = true
      centerEl?.removeEventListener('change', follow)
      zoomEl?.removeEventListener('change', follow)
      map?.remove()
    }
  }, [formId])
  return (
    <div className="map-view-picker">
      <p className="field-hint">{label}</p>
      <div ref={container} className="map-view-picker-map" data-testid="map-view-picker" />
    </div>
  )
}
