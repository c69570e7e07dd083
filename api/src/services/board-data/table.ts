import type { CheckedExpr } from '@domain/rql'
import { type QueryField, queryFields } from '@domain/rql'
import type { TableData, TableParams } from '@domain/widgets/kinds/table'
import { TABLE_DEFAULT_HEADERS, TABLE_PER_PAGE, TABLE_PER_PAGE_MAX } from '@domain/widgets/kinds/table'
import { MAX_PAGE } from '../../http/envelope'
import type { WidgetRow } from '../../repositories/board-data-repository'
import { type TaskRow, usersByIds } from '../../repositories/tasks-repository'
import { fullName } from '../../repositories/users-repository'
import { configCovering, type NodeConfig } from '../node-config'
import { countOnce, scopeCondition, selectMatching } from '../task-query'
import { filterOptions } from './filter-options'
import { checkedCondition, quoted, widgetQuery } from './query'
import { type DataContext, type DataProvider, namesOf, settingOf, taskSummary } from './types'

/*
 * Table (spec §2 Widgets, §5 table filters): one page of the tasks its query and filters select
 * among those the viewer may see, and their total — the same two statements POST /tasks/rql makes
 * (the total kept for a moment per node and query, task-counts.ts). Each header's value is the
 * task's stored value, the people and the status in a form a cell can show.
 */

type Header = TableData['headers'][number]

const fieldsOf = new WeakMap<NodeConfig, Map<string, QueryField>>()

/** The node's top-level fields by lower-case name (system, `key`, custom), as the query language knows them. */
function topFields(config: NodeConfig): Map<string, QueryField> {
  let known = fieldsOf.get(config)
  if (!known) {
    known = new Map(queryFields(config.customs).flatMap((f) => (f.path.length ? [] : [[f.name, f]])))
    fieldsOf.set(config, known)
  }
  return known
}

const headerOf = (f: QueryField): Header => ({
  name: f.definition.name,
  title: f.custom ? f.definition.title : `fields.system.${f.root}`,
  type: f.type,
})

/** The named fields the node still has (a deleted field's column simply goes). */
function headersOf(config: NodeConfig, names: string[]): { header: Header; field: QueryField }[] {
  const known = topFields(config)
  return names.flatMap((n) => {
    const field = known.get(n.toLowerCase())
    return field ? [{ header: headerOf(field), field }] : []
  })
}

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

type Person = { id: string; full_name: string; user_name: string }

/** A cell's value: the stored one; people, status and process as something a cell can show. */
function cellValue(t: TaskRow, f: QueryField, config: NodeConfig, people: Map<string, Person>): unknown {
  if (f.custom) return t.customFields[f.definition.name] ?? null
  switch (f.root) {
    case 'key':
      return t.key
    case 'title':
      return t.title
    case 'description':
      return t.description
    case 'created_at':
      return t.createdAt.toISOString()
    case 'updated_at':
      return t.updatedAt.toISOString()
    case 'status': {
      const s = config.statuses.get(t.statusId)
      return s ? { id: s.id, name: s.name, color: s.color } : null
    }
    case 'process': {
      const p = config.flows.get(t.processId)?.process
      return p ? { id: p.id, key: p.key, name: p.name } : null
    }
    case 'assignee':
      return (t.assigneeId && people.get(t.assigneeId)) || null
    case 'author':
      return people.get(t.authorId) ?? null
    default:
      return null
  }
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
    const [rows, total, filters] = await Promise.all([
      selectMatching(ctx.db, compiled, condition, { limit: perPage, offset: (page - 1) * perPage }),
      countOnce(ctx.db, ctx.nodeId, compiled, condition),
      filtersReady,
    ])
    out.filters = filters
    const tasks = rows.map((r) => r.task)
    const shown = await configCovering(ctx.db, ctx.nodeId, config, tasks)
    const roots = new Set(headers.map((h) => h.field.root))
    const people = new Map<string, Person>()
    const ids = tasks.flatMap((t) => [
      ...(roots.has('assignee') && t.assigneeId ? [t.assigneeId] : []),
      ...(roots.has('author') ? [t.authorId] : []),
    ])
    for (const u of await usersByIds(ctx.db, ids))
      people.set(u.id, { id: u.id, full_name: fullName(u), user_name: u.email })
    out.meta.total = total
    out.rows = tasks.map((t) => {
      return {
        ...taskSummary(shown, t),
        values: Object.fromEntries(headers.map((h) => [h.header.name, cellValue(t, h.field, shown, people)])),
      }
    })
    return out
  },
}
