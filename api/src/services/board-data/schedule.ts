import {
  SCHEDULE_DAY_LIMIT,
  SCHEDULE_DEFAULT_AXIS_X,
  SCHEDULE_DEFAULT_DAY_FIELD,
  type ScheduleColumn,
  type ScheduleData,
  type ScheduleParams,
} from '@domain/widgets/kinds/schedule'
import { timesOnDay } from '@domain/widgets/schedule-times'
import { and, type SQL, sql } from 'drizzle-orm'
import { tasks } from '../../db/schema'
import type { WidgetRow } from '../../repositories/board-data-repository'
import type { NodeConfig } from '../node-config'
import { configCovering } from '../node-config'
import { scopeCondition, selectMatching } from '../task-query'
import { dateField } from './calendar'
import { widgetQuery } from './query'
import { headersOf, peopleOf, taskValue } from './task-values'
import { type DataContext, type DataProvider, namesOf, settingOf, taskSummary, WidgetFailure } from './types'

/*
 * Daily schedule (spec §2 Widgets, §3): the day's tasks among those the viewer may see and the
 * widget's query selects — one statement, at most SCHEDULE_DAY_LIMIT of them — each with its start
 * and end minutes from the time-range field (axis_y), grouped in columns by the grouping field
 * (axis_x). The day field is a date, a date-time (its UTC day) or a date range (each of its days).
 */

interface DayField {
  name: string
  /** The tasks on `day`. */
  on(day: string): SQL
  /** The stored range when the field is a date range (a task runs over its days' midnights). */
  rangeOf?: (customs: Record<string, unknown>) => unknown
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

function dayField(config: NodeConfig, name: string): DayField {
  const def = config.customs.find((d) => d.name === name)
  if (def?.type === 'daterange') {
    // [first, last] as ISO days: text compares as dates do.
    const first = sql`((${tasks.customFields} -> ${def.name} ->> 0) collate "C")`
    const last = sql`((${tasks.customFields} -> ${def.name} ->> 1) collate "C")`
    return {
      name,
      on: (day) =>
        sql`jsonb_typeof(${tasks.customFields} -> ${def.name}) = 'array' and ${first} <= ${day} and ${last} >= ${day}`,
      rangeOf: (customs) => customs[def.name],
    }
  }
  const field = dateField(config, name)
  return { name, on: (day) => field.within(day, nextDay(day)) }
}

function timeFieldOf(config: NodeConfig, name: unknown): string | null {
  if (typeof name !== 'string' || !name) return null
  const def = config.customs.find((d) => d.name === name)
  return def?.type === 'timerange' ? def.name : null
}

/** A grouping value as a column's key: an entity by its id, a list joined, anything else as text. */
function keyOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return ''
  if (Array.isArray(value)) return value.map(keyOf).join(',')
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>
    return String(o.id ?? o.value ?? JSON.stringify(o))
  }
  return String(value)
}

const setting = (settings: Record<string, unknown>, name: string, fallback: string) => {
  const v = settingOf(settings, name)
  return typeof v === 'string' && v ? v : fallback
}

export const scheduleData: DataProvider<ScheduleParams, ScheduleData> = {
  async compute(ctx: DataContext, widget: WidgetRow, params: ScheduleParams): Promise<ScheduleData> {
    const settings = widget.settings ?? {}
    const config = ctx.who.config
    const day = dayField(config, setting(settings, 'navigation.field', SCHEDULE_DEFAULT_DAY_FIELD))
    const timeField = timeFieldOf(config, settingOf(settings, 'axis_y'))
    const [axis] = headersOf(
      config,
      namesOf(setting(settings, 'axis_x', SCHEDULE_DEFAULT_AXIS_X)).slice(0, 1),
    )
    const out: ScheduleData = {
      date: params.date,
      field: timeField,
      axis: axis
        ? { ...axis.header, settings: axis.field.custom ? { ...axis.field.definition.settings } : {} }
        : null,
      columns: [],
      total: 0,
      untimed: 0,
    }
    if (!timeField) throw new WidgetFailure('forms.unknown_field')
    if (Array.isArray(ctx.scope) && ctx.scope.length === 0) return out

    const { compiled } = widgetQuery(ctx, widget.query)
    const condition = and(scopeCondition(ctx.nodeId, ctx.scope, compiled.where), day.on(params.date))!
    const rows = (await selectMatching(ctx.db, compiled, condition, { limit: SCHEDULE_DAY_LIMIT })).map(
      (r) => r.task,
    )
    const shown = await configCovering(ctx.db, ctx.nodeId, config, rows)
    const people = axis ? await peopleOf(ctx.users, rows, [axis.field]) : new Map()
    const columns = new Map<string, ScheduleColumn>()
    for (const t of rows) {
      const times = timesOnDay(params.date, t.customFields[timeField], day.rangeOf?.(t.customFields))
      if (!times) {
        out.untimed++
        continue
      }
      const value = axis ? taskValue(t, axis.field, shown, people) : null
      const key = keyOf(value)
      let column = columns.get(key)
      if (!column) {
        column = { key, value: value ?? null, tasks: [] }
        columns.set(key, column)
      }
      column.tasks.push({ ...taskSummary(shown, t), start: times.start, end: times.end })
      out.total++
    }
    // Each column's tasks by their start (then end, then key): the order they are read in.
    for (const c of columns.values())
      c.tasks.sort(
        (a, b) => a.start - b.start || (a.end ?? 1440) - (b.end ?? 1440) || a.key.localeCompare(b.key),
      )
    // The column without a value last (the web app orders the others by their titles).
    out.columns = [...columns.values()].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : 0))
    return out
  },
}
