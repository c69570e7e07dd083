import type { FieldDefinition, FieldOption } from '../fields/types'
import type { SettingsContext } from './types'

/*
 * The settings form's options from the node's fields, built the same way by the upstream (which
 * checks saved settings with them) and the admin form (which offers them).
 */

/** Field types a calendar can place tasks by (created_at and updated_at are datetimes). */
export const DATE_FIELD_TYPES: ReadonlySet<string> = new Set(['date', 'datetime'])

/** The task key: not a field definition, yet a table's first column (TABLE_DEFAULT_HEADERS). */
export const TASK_KEY_OPTION: FieldOption = { title: 'fields.system.key', value: 'key' }

/** `fields`: the node's field definitions, system ones included (SYSTEM_FIELDS + customs). */
export function widgetSettingsContext(fields: readonly FieldDefinition[]): SettingsContext {
  const option = (d: FieldDefinition): FieldOption => ({ title: d.title, value: d.name })
  return {
    fields: [TASK_KEY_OPTION, ...fields.map(option)],
    dateFields: fields.filter((d) => DATE_FIELD_TYPES.has(d.type)).map(option),
  }
}
