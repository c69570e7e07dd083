import {
  CALENDAR_DAY_LIMIT,
  CALENDAR_DEFAULT_DELIMITER,
  CALENDAR_DEFAULT_FIELD,
  CALENDAR_DEFAULT_FIELDS,
  type CalendarData,
  type CalendarParams,
} from '@domain/widgets/kinds/calendar'
import { and, count, type SQL, sql } from 'drizzle-orm'
import { tasks } from '../../db/schema'
import { MAX_PAGE } from '../../http/envelope'
import type { WidgetRow } from '../../repositories/board-data-repository'
import type { SortKey } from '../../rql'
import { joinClauses } from '../../rql'
import type { NodeConfig } from '../node-config'
import { configCovering } from '../node-config'
import { cachedTotal } from '../task-counts'
import { scopeCondition, selectMatching } from '../task-query'
import { widgetQuery } from './query'
import { headersOf, peopleOf, taskValue } from './task-values'
import { type DataContext, type DataProvider, namesOf, settingOf, taskSummary, WidgetFailure } from './types'

/*
 * Calendar (spec §2 Widgets): the number of tasks on each day of a month — ONE aggregate, `count(*)
 * group by day` over the month's range, so an index on the date serves it whatever the number of
 * tasks — and a page of CALENDAR_DAY_LIMIT of the selected day's tasks (`page`; the day's total is
 * the aggregate's), each with the fields of `view.fields` as the table's cells give them and the
 * `view.delimiter` the web app joins them with. Days are UTC (spec §9). The date is created_at, updated_at or a custom date or
 * date-time field (stored as ISO text in custom_fields: its first ten characters are its UTC day).
 */

export interface DateField {
  name: string
  /** The value compared with the range's bounds. */
  value: SQL
  /** yyyy-MM-dd of the value, in UTC. */
  day: SQL
  /** [from, to) as the value compares: timestamps for columns, ISO text for custom fields. */
  within(from: string, to: string): SQL
  sortType: SortKey['type']
}

const column = (name: string, col: typeof tasks.createdAt | typeof tasks.updatedAt): DateField => ({
  name,
  value: sql`${col}`,
  day: sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD')`,
  within: (from, to) =>
    sql`${col} >= ${`${from}T00:00:00Z`}::timestamptz and ${col} < ${`${to}T00:00:00Z`}::timestamptz`,
  sortType: 'timestamptz',
})

/** A date field of the node as the day a task falls on (the widget's failure forms.unknown_field for any other). */
export function dateField(config: NodeConfig, name: string): DateField {
  if (name === 'created_at') return column(name, tasks.createdAt)
  if (name === 'updated_at') return column(name, tasks.updatedAt)
  const def = config.customs.find((d) => d.name === name)
  if (!def || (def.type !== 'date' && def.type !== 'datetime') || def.settings.multiple)
    throw new WidgetFailure('forms.unknown_field')
  // Text compared byte-wise: '2024-01-31' and '2024-01-31T10:30:00.000Z' both sort within [from, to).
  const text = sql`((${tasks.customFields} ->> ${def.name}) collate "C")`
  return {
    name,
    value: text,
    day: sql`left(${tasks.customFields} ->> ${def.name}, 10)`,
    within: (from, to) => sql`${text} >= ${from} and ${text} < ${to}`,
    sortType: 'text',
  }
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`
}

/** The fields a day's task shows (none named: key, title and status) and what separates them. */
function viewOf(settings: Record<string, unknown>) {
  const fields = namesOf(settingOf(settings, 'view.fields'))
  const delimiter = settingOf(settings, 'view.delimiter')
  return {
    fields: fields.length ? fields : [...CALENDAR_DEFAULT_FIELDS],
    delimiter: typeof delimiter === 'string' ? delimiter.trim() : CALENDAR_DEFAULT_DELIMITER,
  }
}

export const calendarData: DataProvider<CalendarParams, CalendarData> = {
  async compute(ctx: DataContext, widget: WidgetRow, params: CalendarParams): Promise<CalendarData> {
    const settings = widget.settings ?? {}
    const name = settingOf(settings, 'navigation.field')
    const field = dateField(ctx.who.config, typeof name === 'string' && name ? name : CALENDAR_DEFAULT_FIELD)
    const view = viewOf(settings)
    const headers = headersOf(ctx.who.config, view.fields)
    const { compiled, ordered } = widgetQuery(ctx, widget.query)
    const out: CalendarData = {
      field: field.name,
      month: params.month,
      day: params.day,
      days: {},
      tasks: [],
      total: 0,
      page: 1,
      per_page: CALENDAR_DAY_LIMIT,
      fields: headers.map((h) => ({
        ...h.header,
        settings: h.field.custom ? { ...h.field.definition.settings } : {},
      })),
      delimiter: view.delimiter,
    }
    if (Array.isArray(ctx.scope) && ctx.scope.length === 0) return out

    const base = scopeCondition(ctx.nodeId, ctx.scope, compiled.where)
    let counts = ctx.db
      .select({ day: sql<string>`${field.day}`, n: count() })
      .from(tasks)
      .$dynamic()
    for (const j of joinClauses(compiled.whereJoins)) counts = counts.leftJoin(j.table, j.on)
    const aggregate = counts
      .where(and(base, field.within(`${params.month}-01`, nextMonth(params.month))))
      // By position: the day's expression binds its own parameters, which GROUP BY would not match.
      .groupBy(sql`1`)
    // The day's tasks in the query's order, else by the date (then id): the calendar's reading order.
    const orderBy: SortKey[] = ordered
      ? compiled.orderBy
      : [
          { name: field.name, expr: field.value, type: field.sortType, direction: 'asc', nullable: false },
          { name: 'id', expr: sql`${tasks.id}`, type: 'uuid', direction: 'asc', nullable: false },
        ]
    // Kept a moment per node and query, and forgotten on the node's task writes, like a table's total.
    const { sql: text, params: bound } = aggregate.toSQL()
    const month = cachedTotal(ctx.nodeId, `${text}\u0000${JSON.stringify(bound)}`, () =>
      aggregate.then((rows) => rows.map((r) => ({ day: r.day, n: r.n }))),
    )
    const inDay = and(base, field.within(params.day, nextDay(params.day)))!
    const pageOf = (page: number) =>
      selectMatching(ctx.db, { ...compiled, orderBy }, inDay, {
        limit: CALENDAR_DAY_LIMIT,
        offset: (page - 1) * CALENDAR_DAY_LIMIT,
      })
    let page = Math.min(params.page, MAX_PAGE)
    let [days, rows] = await Promise.all([month, pageOf(page)])
    for (const d of days) if (d.day) out.days[d.day] = d.n
    out.total = out.days[params.day] ?? 0
    // A page past the day's last (a stale link, a hand-typed number) shows the last page instead.
    const last = Math.max(1, Math.ceil(out.total / CALENDAR_DAY_LIMIT))
    if (rows.length === 0 && page > last) {
      page = last
      rows = await pageOf(page)
    }
    out.page = page
    const list = rows.map((r) => r.task)
    const config = await configCovering(ctx.db, ctx.nodeId, ctx.who.config, list)
    const people = await peopleOf(
      ctx.users,
      list,
      headers.map((h) => h.field),
    )
    out.tasks = list.map((t) => ({
      ...taskSummary(config, t),
      values: headers.map((h) => ({ ...h.header, value: taskValue(t, h.field, config, people) })),
    }))
    return out
  },
}
