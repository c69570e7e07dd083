import { z } from 'zod'
import type { FieldDefinition } from '../../fields/types'
import { fieldSelect, intParam, setting, taskSummarySchema } from '../common'
import { type Bbox, bboxAround, MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, parseBbox, parseZoom } from '../map-geo'
import type { WidgetKind } from '../types'

/*
 * Map (spec §2 Widgets, §3 widget settings, §9): the tasks of its query placed by a position field
 * ({field}.lat and {field}.lon, never shown as fields), clustered with the mix of their statuses.
 * Up to MAP_POINTS_MAX tasks the upstream answers points (compact columns) and the browser
 * clusters them; past it, clusters for the viewport, computed in SQL on a grid by zoom. Without
 * JavaScript the widget is a paged list of the tasks in its area.
 */

/**
 * Past this many tasks the upstream answers grid clusters for the viewport instead of points: about
 * 75 bytes of JSON a point (~370 KB), and about half the worker's time for 10,000 (bench/RESULTS.md).
 */
export const MAP_POINTS_MAX = 5000
/** The no-JavaScript list's page size. */
export const MAP_LIST_PER_PAGE = 10

export const MAP_DEFAULT_CENTER_TEXT = `${MAP_DEFAULT_CENTER.lat}, ${MAP_DEFAULT_CENTER.lon}`

export interface MapParams {
  /** The viewport asked for; undefined: around the settings' centre at their zoom. */
  bbox?: Bbox
  zoom?: number
  page: number
}

const params = z.record(z.string()).transform(
  (raw): MapParams => ({
    bbox: parseBbox(raw.bbox),
    zoom: parseZoom(raw.zoom),
    page: intParam(raw.page, 1),
  }),
)

const statusSchema = z.object({ id: z.string().uuid(), name: z.string(), color: z.string() })

const data = z.object({
  /** The position field; null when the node has none (the map shows no task). */
  field: z.string().nullable(),
  view: z.object({
    center: z.object({ lat: z.number(), lon: z.number() }),
    zoom: z.number(),
    max_zoom: z.number().int(),
    /** The viewport this answer is for: [west, south, east, north]. */
    bbox: z.array(z.number()).length(4),
  }),
  /**
   * The widget's own tile style (settings); the web app puts the node's or the default in its place
   * when it has none (domain/widgets/map-style.ts), with the labels' language. null: offline basemap.
   */
  style: z.object({
    url: z.string().nullable(),
    key: z.string().nullable(),
    language: z.string().nullable().optional(),
  }),
  /** The sidebar's (and the no-JavaScript list's) title from the settings. */
  sidebar_title: z.string().nullable(),
  /** The statuses the points and clusters name by index. */
  statuses: z.array(statusSchema),
  mode: z.enum(['points', 'clusters']),
  /** Points are every task of the widget (not only the viewport's): panning needs no new call. */
  complete: z.boolean(),
  /** Points as columns (one index per task): id, key, lon, lat, index into statuses (-1 none). */
  points: z.object({
    id: z.array(z.string()),
    key: z.array(z.string()),
    lon: z.array(z.number()),
    lat: z.array(z.number()),
    status: z.array(z.number().int()),
  }),
  /** Grid clusters of the viewport (mode clusters): centre, count, count per status (by index). */
  clusters: z.array(
    z.object({ lon: z.number(), lat: z.number(), count: z.number().int(), mix: z.array(z.number().int()) }),
  ),
  /** The tasks in the viewport, a page of them as links (the map without JavaScript). */
  list: z.object({
    tasks: z.array(taskSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  }),
})
export type MapData = z.infer<typeof data>
export type MapStatus = z.infer<typeof statusSchema>

/** The viewport of a call: the one asked for, else around the centre at the zoom. */
export function viewportOf(p: MapParams, center: { lat: number; lon: number }, zoom: number) {
  const z = p.zoom ?? zoom
  return { zoom: z, bbox: p.bbox ?? bboxAround(center, z) }
}

/** The map's setting titles are its own (`widgets.settings.map.…`): its field is a position, not a date. */
const ownTitle = (def: FieldDefinition): FieldDefinition => ({
  ...def,
  title: def.title.replace('widgets.settings.', 'widgets.settings.map.'),
})

export const map: WidgetKind<MapParams, MapData, 'map'> = {
  type: 'map',
  settingsFields: (ctx) =>
    [
      fieldSelect('navigation.field', ctx.positionFields, {
        required: true,
        ...(ctx.positionFields[0] ? { default: ctx.positionFields[0].value } : {}),
      }),
      setting('view.center', 'text', {
        default: MAP_DEFAULT_CENTER_TEXT,
        placeholder: MAP_DEFAULT_CENTER_TEXT,
        max_length: 60,
      }),
      setting('view.zoom', 'number', { default: MAP_DEFAULT_ZOOM, placeholder: String(MAP_DEFAULT_ZOOM) }),
      setting('view.sidebar_title', 'text', { max_length: 100 }),
      fieldSelect('view.subtitle_field', ctx.fields),
      fieldSelect('view.fields', ctx.fields, { multiple: true }),
      setting('view.style_url', 'text', { max_length: 500, placeholder: 'https://…/style.json' }),
      setting('view.style_key', 'text', { max_length: 200 }),
    ].map(ownTitle),
  defaultSize: { w: 24, h: 14 },
  minSize: { w: 8, h: 8 },
  params,
  data,
}
