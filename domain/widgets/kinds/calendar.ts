import { z } from 'zod'
import { fieldSelect, taskSummarySchema } from '../common'
import type { WidgetKind } from '../types'

/*
 * Calendar (spec §2 Widgets): an inline month with a dot on each date that has tasks (one
 * aggregate, whatever the number of tasks) and the selected day's tasks, linking to their cards.
 * Dates are days in UTC (spec §9 date picker: UTC on), shown as dd.MM.yyyy.
 */

export const CALENDAR_DEFAULT_FIELD = 'created_at'
/** The selected day lists at most this many tasks (with the day's total). */
export const CALENDAR_DAY_LIMIT = 50

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const DAY = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

export interface CalendarParams {
  /** yyyy-MM */
  month: string
  /** yyyy-MM-dd */
  day: string
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
  const day = validDay(raw.day)
  const month = raw.month && MONTH.test(raw.month) ? raw.month : (day ?? utcDay(now)).slice(0, 7)
  if (day?.startsWith(month)) return { month, day }
  const today = utcDay(now)
  return { month, day: today.startsWith(month) ? today : `${month}-01` }
}

const data = z.object({
  /** The date field the calendar places tasks by. */
  field: z.string(),
  month: z.string(),
  day: z.string(),
  /** Tasks per date of the month (yyyy-MM-dd → count), dates without tasks absent. */
  days: z.record(z.number().int()),
  tasks: z.array(taskSummarySchema),
  /** How many tasks the selected day has (the list stops at CALENDAR_DAY_LIMIT). */
  total: z.number().int(),
})
export type CalendarData = z.infer<typeof data>

export const calendar: WidgetKind<CalendarParams, CalendarData, 'calendar'> = {
  type: 'calendar',
  settingsFields: (ctx) => [
    fieldSelect('navigation.field', ctx.dateFields, { default: CALENDAR_DEFAULT_FIELD, required: true }),
  ],
  defaultSize: { w: 16, h: 14 },
  minSize: { w: 8, h: 10 },
  params: z.record(z.string()).transform((raw) => calendarParams(raw, new Date())),
  data,
}
