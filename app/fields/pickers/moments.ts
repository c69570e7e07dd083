import {
  addDays,
  isoWeekMonday,
  parseDateTime,
  parseMonth,
  parseQuarter,
  parseDate as parseStoredDate,
  parseTime as parseStoredTime,
  parseYear,
} from '@domain/fields/dates'
import {
  type CalendarDate,
  now,
  parseAbsolute,
  parseDate,
  parseTime,
  startOfWeek,
  type Time,
  today,
  type ZonedDateTime,
} from '@internationalized/date'
import { textOf } from '../values'

/*
 * Between what a form holds (the domain's stored shapes, or what a native input posts) and the
 * values react-aria's pickers work with. Everything is in UTC (spec §9: UTC on), as the domain
 * stores it. Nothing here throws on bad input: a value that does not parse is no value.
 */

export const ZONE = 'UTC'

export function toDate(v: unknown): CalendarDate | null {
  const iso = parseStoredDate(v)
  return iso ? parseDate(iso) : null
}

export function toDateTime(v: unknown): ZonedDateTime | null {
  const iso = parseDateTime(v)
  return iso ? parseAbsolute(iso, ZONE) : null
}

export function toTime(v: unknown): Time | null {
  const hhmm = parseStoredTime(v)
  return hhmm ? parseTime(hhmm) : null
}

/** What the form posts for each (the domain's stored shapes). */
export const postDate = (d: CalendarDate | null) => (d ? d.toString() : '')
export const postDateTime = (d: ZonedDateTime | null) => (d ? d.toAbsoluteString() : '')
export const postTime = (t: Time | null) => (t ? t.toString().slice(0, 5) : '')

/** A month, year or quarter as the pickers hold it: a year and an index (month 1–12, quarter 1–4). */
export interface Period {
  year: number
  index: number
}

export function toMonth(v: unknown): Period | null {
  const m = parseMonth(textOf(v))
  return m ? { year: +m.slice(0, 4), index: +m.slice(5, 7) } : null
}
export const postMonth = (p: Period | null) =>
  p ? `${String(p.year).padStart(4, '0')}-${String(p.index).padStart(2, '0')}` : ''

export function toQuarter(v: unknown): Period | null {
  const q = parseQuarter(textOf(v))
  return q ? { year: +q.slice(0, 4), index: +q.slice(6) } : null
}
export const postQuarter = (p: Period | null) => (p ? `${String(p.year).padStart(4, '0')}-Q${p.index}` : '')

export function toYear(v: unknown): number | null {
  return parseYear(typeof v === 'number' ? v : textOf(v)) ?? null
}

/** A week: its Monday, from '2024-W05' or [monday, sunday]. */
export function toWeek(v: unknown): CalendarDate | null {
  const fromIso = isoWeekMonday(textOf(v))
  if (fromIso) return parseDate(fromIso)
  const first = Array.isArray(v) ? toDate(v[0]) : null
  return first ? weekOf(first) : null
}
export const weekOf = (d: CalendarDate) => startOfWeek(d, 'ru-RU')
export const weekDays = (monday: CalendarDate | null): [string, string] =>
  monday ? [monday.toString(), addDays(monday.toString(), 6)] : ['', '']

/** Two dates (a range) from a list. */
export function toDateRange(v: unknown): { start: CalendarDate; end: CalendarDate } | null {
  if (!Array.isArray(v)) return null
  const [start, end] = [toDate(v[0]), toDate(v[1])]
  return start && end && start.compare(end) <= 0 ? { start, end } : null
}

export function toDates(v: unknown): CalendarDate[] {
  const list = Array.isArray(v) ? v : v ? [v] : []
  return list.map(toDate).filter((d): d is CalendarDate => d !== null)
}

/** "Now" in the pickers' zone (spec §9 label Сейчас). */
export const todayDate = () => today(ZONE)
export const nowDateTime = () => now(ZONE).set({ second: 0, millisecond: 0 })
