import type { ContextProcess, SettingsContext } from './types'

/*
 * The data a widget's settings form offers (types.ts SettingsContext), made from a node's fields as
 * GET /fields/{nodeId} lists them (system fields first, then custom). The admin form and the
 * upstream's check of the settings build it the same way, so what the form offers is what is kept.
 */

/** What of a field the context needs (the contract's Field has more). */
export interface ContextField {
  name: string
  type: string
  title: string
}

/** Types a calendar can place tasks by: a whole day, or a moment whose day is taken (in UTC). */
export const DATE_FIELD_TYPES: readonly string[] = ['date', 'datetime']

/** Types whose value carries a map position ({field}.lat and {field}.lon, spec §3). */
export const POSITION_FIELD_TYPES: readonly string[] = ['address']

/** The task key (PRODUCT.md §4): not a field, but a table's first column (TABLE_DEFAULT_HEADERS). */
export const KEY_OPTION = { title: 'fields.system.key', value: 'key' } as const

/** Types that give a task its day on a schedule: a day, a moment's day, or each day of a range. */
export const DAY_FIELD_TYPES: readonly string[] = [...DATE_FIELD_TYPES, 'daterange']

/** Types with one option per task: a kanban's swimlanes. */
export const SELECT_FIELD_TYPES: readonly string[] = ['select', 'radio']

export function settingsContextOf(
  fields: readonly ContextField[],
  processes: readonly ContextProcess[] = [],
): SettingsContext {
  const options = fields.map((f) => ({ title: f.title || f.name, value: f.name }))
  const ofTypes = (types: readonly string[]) =>
    fields.filter((f) => types.includes(f.type)).map((f) => ({ title: f.title || f.name, value: f.name }))
  return {
    fields: [KEY_OPTION, ...options.filter((o) => o.value !== KEY_OPTION.value)],
    dateFields: ofTypes(DATE_FIELD_TYPES),
    dayFields: ofTypes(DAY_FIELD_TYPES),
    timeRangeFields: ofTypes(['timerange']),
    positionFields: ofTypes(POSITION_FIELD_TYPES),
    // Only custom ones: the system select fields (status, assignee, process) are the columns or a swimlane of their own.
    selectFields: ofTypes(SELECT_FIELD_TYPES).filter((o) => String(o.value).startsWith('cf_')),
    processes,
  }
}
