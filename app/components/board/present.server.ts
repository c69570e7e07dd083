import { displayText, formatValue } from '@domain/fields/value'
import type { CalendarData } from '@domain/widgets/kinds/calendar'
import type { KanbanData } from '@domain/widgets/kinds/kanban'
import type { ScheduleData } from '@domain/widgets/kinds/schedule'
import type { TableData } from '@domain/widgets/kinds/table'
import type { TFunction } from 'i18next'
import type { WidgetResult } from '~/widgets/types'

/*
 * A widget's data as the browser shows it: a table's values formatted by their field's type on the
 * server (spec §9 formats: dates dd.MM.yyyy, yes/no, numbers), so the field registry's formatting
 * never has to ship to the board page. References (a user, a status) show by their name.
 */

/** A field's value as text in the page's language, by its type (the field registry's format). */
export function displayValue(
  header: { name: string; type: string; title: string; settings?: Record<string, unknown> },
  value: unknown,
  t: TFunction,
  locale: string,
): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>
    for (const k of ['full_name', 'name', 'title', 'key'])
      if (typeof o[k] === 'string' || typeof o[k] === 'number') return String(o[k])
  }
  try {
    return displayText(
      formatValue(
        {
          name: header.name,
          type: header.type as never,
          title: header.title,
          settings: (header.settings ?? {}) as never,
        },
        value,
        locale,
      ),
      (k) => t(k),
    )
  } catch {
    return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value)
  }
}

/** A schedule's columns titled by their grouping value as text, in that order (none last). */
function presentSchedule(data: ScheduleData, t: TFunction, locale: string): ScheduleData {
  const axis = data.axis
  const columns = data.columns.map((c) => ({
    ...c,
    title: axis && c.key !== '' ? displayValue(axis, c.value, t, locale) : '',
  }))
  columns.sort((a, b) =>
    a.title === ''
      ? 1
      : b.title === ''
        ? -1
        : a.title.localeCompare(b.title, locale, { sensitivity: 'base' }),
  )
  return { ...data, columns }
}

/** A kanban's card fields and swimlanes as text: each value by its field's type, the lane by its value. */
function presentKanban(data: KanbanData, t: TFunction, locale: string): KanbanData {
  const lane = data.swimlane
  return {
    ...data,
    columns: data.columns.map((c) => ({
      ...c,
      tasks: c.tasks.map((task) => ({
        ...task,
        // The column holds the status: not repeated on each of its cards in the page's data.
        status: null,
        values: task.values.map((v) => ({ ...v, value: displayValue(v, v.value, t, locale) })),
        lane_value: lane && task.lane !== '' ? displayValue(lane, task.lane_value, t, locale) : '',
      })),
    })),
  }
}

/** A calendar's day tasks' fields as text, each by its field's type (the delimiter joins them in the page). */
function presentCalendar(data: CalendarData, t: TFunction, locale: string): CalendarData {
  // By the field's definition (a select's options name its values), sent once for all the tasks.
  const defs = new Map(data.fields.map((f) => [f.name, f]))
  return {
    ...data,
    tasks: data.tasks.map((task) => ({
      ...task,
      values: task.values.map((v) => ({
        ...v,
        value: displayValue(defs.get(v.name) ?? v, v.value, t, locale),
      })),
    })),
  }
}

export function presentWidget(result: WidgetResult, t: TFunction, locale: string): WidgetResult {
  if (result.error || !result.data) return result
  if (result.type === 'kanban')
    return { type: result.type, data: presentKanban(result.data as KanbanData, t, locale) }
  if (result.type === 'calendar')
    return { type: result.type, data: presentCalendar(result.data as CalendarData, t, locale) }
  if (result.type === 'schedule')
    return { type: result.type, data: presentSchedule(result.data as ScheduleData, t, locale) }
  if (result.type !== 'table') return result
  const data = result.data as TableData
  return {
    type: result.type,
    data: {
      ...data,
      rows: data.rows.map((row) => ({
        ...row,
        values: Object.fromEntries(
          data.headers.map((h) => [h.name, displayValue(h, row.values?.[h.name], t, locale)]),
        ),
      })),
    } satisfies TableData,
  }
}
