import { z } from 'zod'
import { CARD_FIELDS_SETTING, CARD_SUBTITLE_SETTING } from '../card'
import { fieldSelect, taskSummarySchema } from '../common'
import type { WidgetKind } from '../types'
import { utcDay, validDay } from './calendar'

/*
 * Daily schedule (spec §2 Widgets, §3 widget settings, §4, §9): one day's tasks on a 24-hour grid,
 * a column per value of the grouping field (axis_x, e.g. the assignee), each task placed by the
 * start and end its time-range field holds (axis_y: `{field}.0` and `{field}.1`, hours and
 * minutes). The day is `w.{id}.date` (yyyy-MM-dd, UTC), today by default. A click on a task opens
 * the card modal (subtitle_field, fields).
 */

export const SCHEDULE_DEFAULT_DAY_FIELD = 'created_at'
export const SCHEDULE_DEFAULT_AXIS_X = 'assignee'
/** At most this many tasks of a day are placed (the day's total says how many more there are). */
export const SCHEDULE_DAY_LIMIT = 1000

export interface ScheduleParams {
  /** yyyy-MM-dd */
  date: string
}

/** The day asked for; a missing or bad one is today (UTC). */
export const scheduleParams = (raw: Record<string, string>, now: Date): ScheduleParams => ({
  date: validDay(raw.date) ?? utcDay(now),
})

const scheduleTask = taskSummarySchema.extend({
  /** Minutes from the day's 00:00 (UTC); below 0 the task began on an earlier day. */
  start: z.number().int(),
  /** Minutes from the day's 00:00; past 1440 it ends on a later day; null: no end (23:59). */
  end: z.number().int().nullable(),
})
export type ScheduleTask = z.infer<typeof scheduleTask>

const column = z.object({
  /** The grouping value as a key ('' for tasks without one). */
  key: z.string(),
  /** The grouping field's value as stored (a person, a status, an option's value…), null for none. */
  value: z.unknown(),
  /** The value as text in the viewer's language: filled by the web app, which formats it. */
  title: z.string().optional(),
  tasks: z.array(scheduleTask),
})
export type ScheduleColumn = z.infer<typeof column>

const data = z.object({
  date: z.string(),
  /** The time-range field (axis_y), null when the widget names none the node has. */
  field: z.string().nullable(),
  /** The grouping field (axis_x) with its definition, null when the node no longer has it. */
  axis: z
    .object({ name: z.string(), title: z.string(), type: z.string(), settings: z.record(z.unknown()) })
    .nullable(),
  columns: z.array(column),
  /** Tasks of the day with times, and those without (not placed). */
  total: z.number().int(),
  untimed: z.number().int(),
})
export type ScheduleData = z.infer<typeof data>

export const schedule: WidgetKind<ScheduleParams, ScheduleData, 'schedule'> = {
  type: 'schedule',
  settingsFields: (ctx) => [
    fieldSelect('navigation.field', ctx.dayFields, { default: SCHEDULE_DEFAULT_DAY_FIELD, required: true }),
    // The node's first time range, when it has one: a new schedule places tasks at once.
    fieldSelect('axis_y', ctx.timeRangeFields, {
      required: true,
      ...(ctx.timeRangeFields[0] ? { default: ctx.timeRangeFields[0].value } : {}),
    }),
    fieldSelect('axis_x', ctx.fields, { default: SCHEDULE_DEFAULT_AXIS_X }),
    fieldSelect(CARD_SUBTITLE_SETTING, ctx.fields),
    fieldSelect(CARD_FIELDS_SETTING, ctx.fields, { multiple: true }),
  ],
  defaultSize: { w: 32, h: 18 },
  minSize: { w: 12, h: 10 },
  params: z.record(z.string()).transform((raw) => scheduleParams(raw, new Date())),
  data,
}
