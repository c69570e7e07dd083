import { parseDate, parseTime } from '../fields/dates'
import type { Timed } from './schedule-layout'

/*
 * Where a task falls on a day of the schedule (spec §3: times are `{field}.0` and `{field}.1`,
 * hours and minutes): its start and end as minutes from that day's 00:00. A day field that is a
 * date range starts the task on its first day and ends it on its last, so a task over several
 * days runs past this day's midnights (the layout clips it to the day).
 */

const minutesOf = (raw: unknown): number | undefined => {
  const t = parseTime(raw)
  return t === undefined ? undefined : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5))
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)

/** The two ends of a stored range: a list, or an object keyed 0 and 1. */
function ends(raw: unknown): [unknown, unknown] | undefined {
  if (Array.isArray(raw)) return [raw[0], raw[1]]
  if (raw !== null && typeof raw === 'object') {
    const o = raw as Record<string, unknown>
    if ('0' in o) return [o['0'], o['1']]
  }
  return undefined
}

/**
 * A task's times on `day`: null when it has no start time (not placed on the grid). `dayValue` is
 * the stored value of the day field when it is a date range (else undefined: the task is on `day`).
 */
export function timesOnDay(day: string, times: unknown, dayValue?: unknown): Timed | null {
  const pair = ends(times)
  const start = pair ? minutesOf(pair[0]) : undefined
  if (start === undefined) return null
  const end = pair ? minutesOf(pair[1]) : undefined
  const range = ends(dayValue)
  const first = range ? parseDate(range[0]) : undefined
  const last = range ? parseDate(range[1]) : undefined
  const startOffset = first ? daysBetween(day, first) * 1440 : 0
  const endOffset = last ? daysBetween(day, last) * 1440 : startOffset
  return { start: start + startOffset, end: end === undefined ? null : end + endOffset }
}
