import type { CheckedExpr, QueryField } from '@domain/rql'
import type { TableData, TableParams } from '@domain/widgets/kinds/table'
import {
  TABLE_DEFAULT_HEADERS,
  TABLE_PER_PAGE,
  TABLE_PER_PAGE_MAX,
  TABLE_TOTAL_CAP,
  TABLE_TOTAL_PAGES_AHEAD,
} from '@domain/widgets/kinds/table'
import { MAX_PAGE } from '../../http/envelope'
import type { WidgetRow } from '../../repositories/board-data-repository'
import { configCovering } from '../node-config'
import { countUpTo, scopeCondition, selectMatching } from '../task-query'
import { filterOptions } from './filter-options'
import { checkedCondition, quoted, widgetQuery } from './query'
import { headersOf, peopleOf, taskValue } from './task-values'
import { type DataContext, type DataProvider, namesOf, settingOf, taskSummary } from './types'

/*
 * Table (spec §2 Widgets, §5 table filters): one page of the tasks its query and filters select
 * among those the viewer may see, and their total — the page POST /tasks/rql reads, the total
 * counted no further than TABLE_TOTAL_CAP (or a few pages past this one) and kept for a moment
 * per node and query (task-counts.ts). Each header's value is the
 * task's stored value, the people and the status in a form a cell can show.
 */

const CHECKED = new Set(['true', '1', 'on', 'yes'])
const UNCHECKED = new Set(['false', '0', 'off', 'no'])

/**
 * A filter value as a query condition (spec §5): text-like types contain (any case), number,
 * check box, switch and phone equal, a select matches its option's value (status, process and
 * people: the id, as the filter's options offer it, filter-options.ts), dates and the like
 * fall within a period — the value's whole day (or month…), or from `.from` and to `.to` inclusive.
 */
function filterText(f: QueryField, value: string, bound?: 'from' | 'to'): string | undefined {
  const key = f.name
  switch (f.filter.kind) {
    case 'contains':
      return `${key} ~ ${quoted(value)}`
    case 'equality':
      if (f.type === 'checkbox' || f.type === 'switch') {
        const v = value.toLowerCase()
        return CHECKED.has(v) ? `${key} = true` : UNCHECKED.has(v) ? `${key} = false` : undefined
      }
      return `${key} = ${quoted(value)}`
    case 'option':
      return `${key} = ${quoted(value)}`
    case 'range':
      return `${key} ${bound === 'from' ? '>=' : bound === 'to' ? '<=' : '='} ${quoted(value)}`
    default:
      return undefined
  }
}

/** The filters the widget offers that the request fills, as checked conditions; the others are ignored. */
function filterConditions(
  ctx: DataContext,
  offered: QueryField[],
  values: Record<string, string>,
): CheckedExpr[] {
  const byName = new Map(offered.map((f) => [f.name, f]))
  const out: CheckedExpr[] = []
  for (const [rawName, value] of Object.entries(values)) {
    const name = rawName.toLowerCase()
    let field = byName.get(name)
    let bound: 'from' | 'to' | undefined
    if (!field) {
      const m = /^(.+)\.(from|to)$/.exec(name)
      const base = m ? byName.get(m[1]!) : undefined
      if (base?.filter.kind !== 'range') continue
      field = base
      bound = m![2] as 'from' | 'to'
    }
    const text = filterText(field, value, bound)
    const cond = text === undefined ? undefined : checkedCondition(ctx, text)
    if (cond) out.push(cond)
  }
  return out
}

/** Settings: per page from `pagination.per_page` (5 by default, at most 50). */
function perPageOf(settings: Record<string, unknown>): number {
  const raw = Number(settingOf(settings, 'pagination.per_page'))
  return Number.isInteger(raw) && raw >= 1 ? Math.min(raw, TABLE_PER_PAGE_MAX) : TABLE_PER_PAGE
}

export const tableData: DataProvider<TableParams, TableData> = {
  async compute(ctx: DataContext, widget: WidgetRow, params: TableParams): Promise<TableData> {
    const settings = widget.settings ?? {}
    const config = ctx.who.config
    const headerNames = settingOf(settings, 'view.headers')
    const headers = headersOf(
      config,
      headerNames === undefined ? [...TABLE_DEFAULT_HEADERS] : namesOf(headerNames),
    )
    const offered = headersOf(config, namesOf(settingOf(settings, 'view.filters'))).filter(
      (h) => h.field.filter.kind !== 'none',
    )
    const perPage = perPageOf(settings)
    const page = Math.min(params.page, MAX_PAGE)
    const { compiled } = widgetQuery(
      ctx,
      widget.query,
      filterConditions(
        ctx,
        offered.map((h) => h.field),
        params.filters,
      ),
    )
    // The option filters' choices (filter-options.ts) are read beside the page and the total.
    const filtersReady = filterOptions(
      ctx,
      offered.map((h) => h.field),
    ).then((byName) =>
      offered.map((h) => {
        const options = byName.get(h.field.name)
        return options ? { ...h.header, options } : h.header
      }),
    )
    const out: TableData = {
      headers: headers.map((h) => h.header),
      filters: [],
      rows: [],
      meta: { total: 0, page, per_page: perPage },
    }
    if (Array.isArray(ctx.scope) && ctx.scope.length === 0) {
      out.filters = await filtersReady
      return out
    }

    const condition = scopeCondition(ctx.nodeId, ctx.scope, compiled.where)
    const cap = Math.max(TABLE_TOTAL_CAP, (page + TABLE_TOTAL_PAGES_AHEAD) * perPage)
    const [rows, total, filters] = await Promise.all([
      selectMatching(ctx.db, compiled, condition, { limit: perPage, offset: (page - 1) * perPage }),
      countUpTo(ctx.db, ctx.nodeId, compiled, condition, cap),
      filtersReady,
    ])
    out.filters = filters
    const tasks = rows.map((r) => r.task)
    const shown = await configCovering(ctx.db, ctx.nodeId, config, tasks)
    const people = await peopleOf(
      ctx.users,
      tasks,
      headers.map((h) => h.field),
    )
    out.meta.total = Math.min(total, cap)
    if (total > cap) out.meta.more = true
    out.rows = tasks.map((t) => {
      return {
        ...taskSummary(shown, t),
        values: Object.fromEntries(headers.map((h) => [h.header.name, taskValue(t, h.field, shown, people)])),
      }
    })
    return out
  },
}
