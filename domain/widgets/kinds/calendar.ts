import { z } from 'zod'
import type { FieldDefinition, FieldType } from '../../fields/types'
import { fieldSelect, intParam, setting, taskSummarySchema } from '../common'
import type { WidgetKind } from '../types'

/*
 * Calendar (spec §2 Widgets): an inline month with a dot on each date that has tasks (one
 * aggregate, whatever the number of tasks) and the selected day's tasks, linking to their cards.
 * Dates are days in UTC (spec §9 date picker: UTC on), shown as dd.MM.yyyy. A day's task shows
 * the fields the settings name (spec §3 "card fields and delimiter") joined by the delimiter; a day
 * with more tasks than a page pages (spec §9 pagination): `w.{id}.page` within the selected day.
 */

export const CALENDAR_DEFAULT_FIELD = 'created_at'
/** The selected day lists this many tasks a page (with the day's total). */
export const CALENDAR_DAY_LIMIT = 50
/** What a day's task shows when the settings name no field: today's key, title and status. */
export const CALENDAR_DEFAULT_FIELDS = ['key', 'title', 'status'] as const
/** Between a task's fields, a space either side (a text setting is kept trimmed). */
export const CALENDAR_DEFAULT_DELIMITER = '·'
export const CALENDAR_DELIMITER_MAX = 10

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

export interface CalendarParams {
  /** yyyy-MM */
  month: string
  /** yyyy-MM-dd */
  day: string
  /** The page of the selected day's tasks (1 when absent or bad). */
  page: number
}

/** Today in UTC as yyyy-MM-dd; `now` is passed in so tests and the server agree on one instant. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10)

/** A real yyyy-MM-dd day, or undefined. */
export function validDay(s: string | undefined): string | undefined {
  if (!s || !DAY.test(s)) return undefined
  const d = new Date(`${s}T00:00:00Z`)
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== s ? undefined : s
}

/** The month and day asked for; a missing or bad one is today's (the day follows the month). */
export function calendarParams(raw: Record<string, string>, now: Date): CalendarParams {
  const page = intParam(raw.page, 1)
  const day = validDay(raw.day)
  const month = raw.month && MONTH.test(raw.month) ? raw.month : (day ?? utcDay(now)).slice(0, 7)
  if (day?.startsWith(month)) return { month, day, page }
  const today = utcDay(now)
  return { month, day: today.startsWith(month) ? today : `${month}-01`, page }
}

/** One field of a day's task: its name, type and title, and its value (as text once presented). */
const cardValue = z.object({ name: z.string(), type: z.string(), title: z.string(), value: z.unknown() })
export type CalendarValue = z.infer<typeof cardValue>

/** The fields a task shows: those whose (presented) text is not empty, in the settings' order. */
export const shownValues = <V extends { value?: unknown }>(values: readonly V[]): V[] =>
  values.filter((v) => typeof v.value === 'string' && v.value !== '')

/** The text between two of a task's fields: the delimiter with a space either side, or one space. */
export const joiner = (delimiter: string) => (delimiter ? ` ${delimiter} ` : ' ')

/** A task's fields as one line of text (what a reader of the day's list hears and sees). */
export const cardLine = (values: readonly { value?: unknown }[], delimiter: string): string =>
  shownValues(values)
    .map((v) => v.value as string)
    .join(joiner(delimiter))

const data = z.object({
  /** The date field the calendar places tasks by. */
  field: z.string(),
  month: z.string(),
  day: z.string(),
  /** Tasks per date of the month (yyyy-MM-dd → count), dates without tasks absent. */
  days: z.record(z.number().int()),
  /** A page of the selected day's tasks, each with the fields the settings name (view.fields). */
  tasks: z.array(taskSummarySchema.extend({ values: z.array(cardValue) })),
  /** How many tasks the selected day has (the list is a page of CALENDAR_DAY_LIMIT of them). */
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** The fields of view.fields with their definitions' settings (a select's options): the web app formats values by them. */
  fields: z.array(
    z.object({ name: z.string(), type: z.string(), title: z.string(), settings: z.record(z.unknown()) }),
  ),
  /** What separates a task's fields (view.delimiter). */
  delimiter: z.string(),
})
export type CalendarData = z.infer<typeof data>

/** The calendar's own setting titles (`widgets.settings.calendar.…`): a day's task is no card modal. */
const own = (key: string, type: FieldType, settings: FieldDefinition['settings'] = {}): FieldDefinition => ({
  ...setting(key, type, settings),
  title: `widgets.settings.calendar.${key}`,
})

export const calendar: WidgetKind<CalendarParams, CalendarData, 'calendar'> = {
  type: 'calendar',
  settingsFields: (ctx) => [
    fieldSelect('navigation.field', ctx.dateFields, { default: CALENDAR_DEFAULT_FIELD, required: true }),
    own('view.fields', 'select', {
      options: [...ctx.fields],
      multiple: true,
      default: [...CALENDAR_DEFAULT_FIELDS],
    }),
    own('view.delimiter', 'text', {
      max_length: CALENDAR_DELIMITER_MAX,
      default: CALENDAR_DEFAULT_DELIMITER,
      placeholder: CALENDAR_DEFAULT_DELIMITER,
    }),
  ],
  defaultSize: { w: 16, h: 14 },
  minSize: { w: 8, h: 10 },
  params: z.record(z.string()).transform((raw) => calendarParams(raw, new Date())),
  data,
}
