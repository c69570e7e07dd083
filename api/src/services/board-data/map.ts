import {
  MAP_LIST_PER_PAGE,
  MAP_POINTS_MAX,
  type MapData,
  type MapParams,
  type MapStatus,
  viewportOf,
} from '@domain/widgets/kinds/map'
import {
  inBbox,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  MAP_MAX_ZOOM,
  parseCenter,
  parseZoom,
} from '@domain/widgets/map-geo'
import { mergeCells } from '@domain/widgets/map-mix'
import { and } from 'drizzle-orm'
import { MAX_PAGE } from '../../http/envelope'
import type { WidgetRow } from '../../repositories/board-data-repository'
import { configCovering, type NodeConfig } from '../node-config'
import { scopeCondition, selectMatching } from '../task-query'
import { type PointRow, positionOf, selectCells, selectPoints, withinBox } from './map-sql'
import { widgetQuery } from './query'
import { type DataContext, type DataProvider, settingOf, taskSummary, WidgetFailure } from './types'

/*
 * Map (spec §2, §3, §9; issue 12): the widget's tasks that have a position, for the viewer.
 * - Up to MAP_POINTS_MAX tasks in all: every one as a point (`complete`): the browser clusters them
 *   and pans without asking again.
 * - More, but up to MAP_POINTS_MAX in the viewport: the viewport's points.
 * - More in the viewport: grid clusters of the viewport at its zoom, with their status mix.
 * And a page of the viewport's tasks as links: the map without JavaScript. The viewer's task_view
 * scope is part of every statement, so no point, cluster or count holds a task they may not see.
 */

/** The position field: the setting's, else the node's first address field; an address either way. */
function positionField(config: NodeConfig, settings: Record<string, unknown>): string | null {
  const named = settingOf(settings, 'navigation.field')
  const addresses = config.customs.filter((d) => d.type === 'address')
  if (typeof named === 'string' && named) {
    if (!addresses.some((d) => d.name === named)) throw new WidgetFailure('forms.unknown_field')
    return named
  }
  return addresses[0]?.name ?? null
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)

/** The statuses by index as the answer names them, and a task's index. */
function palette(config: NodeConfig) {
  const statuses: MapStatus[] = []
  const index = new Map<string, number>()
  const of = (id: string) => {
    let i = index.get(id)
    if (i === undefined) {
      const s = config.statuses.get(id)
      if (!s) return -1
      i = statuses.push({ id: s.id, name: s.name, color: s.color }) - 1
      index.set(id, i)
    }
    return i
  }
  return { statuses, of }
}

function pointColumns(rows: readonly PointRow[], of: (statusId: string) => number): MapData['points'] {
  const out: MapData['points'] = { id: [], key: [], lon: [], lat: [], status: [] }
  for (const r of rows) {
    out.id.push(r.id)
    out.key.push(r.key)
    out.lon.push(r.lon)
    out.lat.push(r.lat)
    out.status.push(of(r.statusId))
  }
  return out
}

export const mapData: DataProvider<MapParams, MapData> = {
  async compute(ctx: DataContext, widget: WidgetRow, params: MapParams): Promise<MapData> {
    const settings = widget.settings ?? {}
    const config = ctx.who.config
    const field = positionField(config, settings)
    const center = parseCenter(settingOf(settings, 'view.center')) ?? MAP_DEFAULT_CENTER
    const zoom = parseZoom(settingOf(settings, 'view.zoom')) ?? MAP_DEFAULT_ZOOM
    const view = viewportOf(params, center, zoom)
    const page = Math.min(params.page, MAX_PAGE)
    const { compiled } = widgetQuery(ctx, widget.query)
    const out: MapData = {
      field,
      view: { center, zoom, max_zoom: MAP_MAX_ZOOM, bbox: view.bbox },
      style: {
        url: text(settingOf(settings, 'view.style_url')),
        key: text(settingOf(settings, 'view.style_key')),
      },
      sidebar_title: text(settingOf(settings, 'view.sidebar_title')),
      statuses: [],
      mode: 'points',
      complete: true,
      points: { id: [], key: [], lon: [], lat: [], status: [] },
      clusters: [],
      list: { tasks: [], total: 0, page, per_page: MAP_LIST_PER_PAGE },
    }
    if (field === null || (Array.isArray(ctx.scope) && ctx.scope.length === 0)) return out

    const pos = positionOf(field)
    const base = scopeCondition(ctx.nodeId, ctx.scope, compiled.where)
    const inView = and(base, pos.present, withinBox(pos, view.bbox))!
    const joins = compiled.whereJoins
    const listPage = selectMatching(ctx.db, compiled, inView, {
      limit: MAP_LIST_PER_PAGE,
      offset: (page - 1) * MAP_LIST_PER_PAGE,
    })
    const { statuses, of } = palette(config)

    const placed = async () => {
      const all = await selectPoints(ctx.db, pos, joins, base, MAP_POINTS_MAX + 1)
      if (all.length <= MAP_POINTS_MAX) {
        out.points = pointColumns(all, of)
        out.list.total = all.reduce((n, r) => n + (inBbox(view.bbox, r.lon, r.lat) ? 1 : 0), 0)
        return
      }
      out.complete = false
      const viewport = await selectPoints(ctx.db, pos, joins, inView, MAP_POINTS_MAX + 1)
      if (viewport.length <= MAP_POINTS_MAX) {
        out.points = pointColumns(viewport, of)
        out.list.total = viewport.length
        return
      }
      out.mode = 'clusters'
      const cells = await selectCells(ctx.db, pos, joins, inView, view.zoom)
      const rows = cells.map((c) => ({ ...c, status: of(c.statusId) }))
      out.clusters = mergeCells(rows, statuses.length)
      out.list.total = out.clusters.reduce((n, c) => n + c.count, 0)
    }
    const [, listed] = await Promise.all([placed(), listPage])
    out.statuses = statuses
    const list = listed.map((r) => r.task)
    const shown = await configCovering(ctx.db, ctx.nodeId, config, list)
    out.list.tasks = list.map((t) => taskSummary(shown, t))
    return out
  },
}
