import type { z } from 'zod'
import type { FieldDefinition, FieldOption } from '../fields/types'

/*
 * A widget type (spec §2 Widgets, §3 widget settings; PRODUCT.md §7), the same shape as a field
 * type: one entry per type under kinds/, found by name through the registry. The web app's
 * components (app/widgets/<type>/) register against the same names.
 */

/** What the settings form needs that is data of the node: its fields, as select options. */
export interface SettingsContext {
  /** Every field of the node (system and custom), value = field name, title = its title. */
  fields: readonly FieldOption[]
  /** The date-like fields only (date, datetime, created_at, updated_at…), for a calendar. */
  dateFields: readonly FieldOption[]
  /** The fields that hold a position ({field}.lat and {field}.lon: addresses), for a map. */
  positionFields: readonly FieldOption[]
  /** Fields that give a task its day on a schedule: dates, date-times and date ranges. */
  dayFields: readonly FieldOption[]
  /** Time-range fields (start and end of a day), for a schedule's vertical axis. */
  timeRangeFields: readonly FieldOption[]
  /** Select and radio fields (one value per task), for a kanban's swimlanes. */
  selectFields: readonly FieldOption[]
  /** The node's processes with their progress's statuses in order, for a kanban (empty when not read). */
  processes: readonly ContextProcess[]
}

export interface ContextProcess {
  id: string
  name: string
  statuses: readonly { id: string; name: string }[]
}

/** A settings problem the field definitions alone cannot see (one setting against another). */
export interface SettingsProblem {
  /** Under `settings`: ['view', 'columns']. */
  path: string[]
  type: string
  ctx?: Record<string, string | number>
}

export interface GridSize {
  w: number
  h: number
}

export interface WidgetKind<Params = unknown, Data = unknown, Type extends string = string> {
  type: Type
  /** Settings as field definitions (names `settings.…`): the admin form is the generic form. */
  settingsFields(ctx: SettingsContext): FieldDefinition[]
  /** Where a newly bound widget starts, and the least it may shrink to (grid columns and rows). */
  defaultSize: GridSize
  minSize: GridSize
  /**
   * Its parameters in a board's data call and its page's URL, `w.{widgetId}.{param}` (PRODUCT.md
   * §7): parsed leniently — a bad value falls back to the default, never an error page.
   */
  params: z.ZodType<Params, z.ZodTypeDef, Record<string, string>>
  /** Checks across settings after the fields' own (a kanban's columns belong to its process). */
  checkSettings?(settings: Record<string, unknown>, ctx: SettingsContext): SettingsProblem[]
  /** The shape of its data in the board data call (the contract's component for this type). */
  data: z.ZodType<Data>
}
