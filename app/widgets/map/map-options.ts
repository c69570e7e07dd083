import type { Map as MapLibre, MapOptions } from 'maplibre-gl'

/*
 * How the widget's map is made (issue 12), beyond what it shows: the options that decide what each
 * frame costs. Shared by map-canvas.tsx and bench/map.mjs, so the bench measures the widget's map.
 * Measured in bench/RESULTS.md (map): with WebGL drawn in software, every full-canvas pass and every
 * extra pixel is CPU time.
 */

/** The device's pixel ratio, at most 2: a 3× screen draws 2.25× the pixels of 2× for no visible gain. */
export const MAX_PIXEL_RATIO = 2

export function mapOptions(): Partial<MapOptions> {
  return {
    // Symbols appear at once, no fade: no frames drawn only to fade them in.
    fadeDuration: 0,
    // A flat map, north up: no rotation, no pitch (so never a horizon or a sky in view).
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    maxPitch: 0,
    pixelRatio: Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO),
  }
}

/**
 * Stops the map drawing the sky. maplibre 6 draws it first in every frame whether a style has one
 * or not: a pass over the whole canvas, all of it hidden under the basemap (the offline style's
 * opaque background) or above a horizon a flat map never shows (maxPitch 0). With a software GPU
 * that pass was half of a pan frame's time (bench/RESULTS.md, map). Through maplibre's painter,
 * which its types mark internal: if a later maplibre has no such hook, this does nothing and the
 * map draws as before.
 */
export function skipSky(map: MapLibre) {
  const painter = (map as { painter?: { drawFunctions?: Record<string, unknown> } }).painter
  if (!painter?.drawFunctions || typeof painter.drawFunctions.sky !== 'function') return
  // The map's own copy: the table is shared by every map of the page.
  painter.drawFunctions = { ...painter.drawFunctions, sky: () => {} }
}
