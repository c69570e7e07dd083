import {
  addDays,
  parseDate,
  parseDateTime,
  parseMonth,
  parseQuarter,
  parseTime,
  parseYear,
} from '../fields/dates'
import type { FieldType } from '../fields/types'
import type { DateUnit } from './ast'

/*
 * Range-filtered types (spec §5: date, time, datetime, month, year, quarter) compare against a
 * period, not a point: `created_at = 2024-01-31` means "during that day", `cf_month = today()`
 * "this month". Every such value becomes a half-open interval [from, to) in the field's stored
 * shape (domain/fields/dates.ts), which orders as text (a year as a number), so a comparison is
 * one or two bound checks whatever the type — see rangeBounds. All in UTC, as the date picker
 * works (spec §9).
 *
 * Typed literals are turned into intervals when the query is checked; today(), now() and relative
 * dates only when it runs (resolveMoment), because a saved query must mean "today" every day.
 */

export type Bound = string | number
export interface Interval {
  from: Bound
  to: Bound
}

interface MomentType {
  /** A typed value, or undefined when it is not one of this type. */
  literal(text: string): Interval | undefined
  /** The period holding an instant: now(), and relative dates. */
  instant(t: Date): Interval
  /** The period holding a calendar day: today(). None for a time of day. */
  day?(isoDay: string): Interval
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const isoDay = (t: Date) => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`
const midnight = (day: string) => `${day}T00:00:00.000Z`
const dayInterval = (day: string): Interval => ({ from: day, to: addDays(day, 1) })

function nextMonth(ym: string): string {
  const [y, m] = ym.split('-').map(Number)
  return m === 12 ? `${pad(y + 1, 4)}-01` : `${pad(y, 4)}-${pad(m + 1)}`
}

function nextQuarter(yq: string): string {
  const [y, q] = yq.split('-Q').map(Number)
  return q === 4 ? `${pad(y + 1, 4)}-Q1` : `${pad(y, 4)}-Q${q + 1}`
}

const monthOf = (day: string): Interval => {
  const m = day.slice(0, 7)
  return { from: m, to: nextMonth(m) }
}
const quarterOf = (day: string): Interval => {
  const q = `${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`
  return { from: q, to: nextQuarter(q) }
}
const yearOf = (day: string): Interval => ({ from: Number(day.slice(0, 4)), to: Number(day.slice(0, 4)) + 1 })

/** A date-time is as precise as it was typed: `10:30` is that minute, `10:30:15` that second. */
function dateTimeLiteral(text: string): Interval | undefined {
  const day = parseDate(text)
  if (day) return { from: midnight(day), to: midnight(addDays(day, 1)) }
  const iso = parseDateTime(text)
  if (!iso) return undefined
  const step = /:\d{2}:\d{2}\.\d/.test(text) ? 1 : /:\d{2}:\d{2}/.test(text) ? 1000 : 60_000
  return { from: iso, to: new Date(Date.parse(iso) + step).toISOString() }
}

function minuteAfter(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number)
  // '24:00' is a fine upper bound: it sorts after every time of day.
  return m === 59 ? `${pad(h + 1)}:00` : `${pad(h)}:${pad(m + 1)}`
}

const MOMENTS: Partial<Record<FieldType, MomentType>> = {
  date: {
    literal: (text) => {
      const day = parseDate(text)
      return day ? dayInterval(day) : undefined
    },
    instant: (t) => dayInterval(isoDay(t)),
    day: dayInterval,
  },
  datetime: {
    literal: dateTimeLiteral,
    instant: (t) => ({ from: t.toISOString(), to: new Date(t.getTime() + 1).toISOString() }),
    day: (day) => ({ from: midnight(day), to: midnight(addDays(day, 1)) }),
  },
  time: {
    literal: (text) => {
      const t = parseTime(text)
      return t ? { from: t, to: minuteAfter(t) } : undefined
    },
    instant: (t) => {
      const hhmm = `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`
      return { from: hhmm, to: minuteAfter(hhmm) }
    },
  },
  month: {
    literal: (text) => {
      const m = parseMonth(text)
      return m ? { from: m, to: nextMonth(m) } : undefined
    },
    instant: (t) => monthOf(isoDay(t)),
    day: monthOf,
  },
  quarter: {
    literal: (text) => {
      const q = parseQuarter(text)
      return q ? { from: q, to: nextQuarter(q) } : undefined
    },
    instant: (t) => quarterOf(isoDay(t)),
    day: quarterOf,
  },
  year: {
    literal: (text) => {
      const y = parseYear(text)
      return y === undefined ? undefined : { from: y, to: y + 1 }
    },
    instant: (t) => yearOf(isoDay(t)),
    day: yearOf,
  },
}

export const momentType = (type: FieldType): MomentType | undefined => MOMENTS[type]

/** What a moment's value is before the clock is read. */
export type Moment =
  | { kind: 'today' }
  | { kind: 'now' }
  | { kind: 'relative'; amount: number; unit: DateUnit }

/** Relative amounts beyond ~10,000 years cannot name a representable date. */
export const RELATIVE_LIMIT: Record<DateUnit, number> = { d: 3_660_000, w: 523_000, m: 120_000, y: 10_000 }

const FIRST = Date.parse('0001-01-01T00:00:00.000Z')
const LAST = Date.parse('9999-12-31T23:59:59.999Z')

/** `now` moved by a relative amount; months and years keep the day where it exists (31 Jan + 1m = 29 Feb). */
export function shift(now: Date, amount: number, unit: DateUnit): Date {
  const t = new Date(now.getTime())
  if (unit === 'd' || unit === 'w') t.setTime(t.getTime() + amount * (unit === 'w' ? 7 : 1) * 86_400_000)
  else {
    const day = t.getUTCDate()
    t.setUTCDate(1)
    t.setUTCMonth(t.getUTCMonth() + (unit === 'm' ? amount : amount * 12))
    t.setUTCDate(Math.min(day, daysIn(t.getUTCFullYear(), t.getUTCMonth())))
  }
  // Clamped into the years the stored shapes can hold, so resolving never fails.
  return new Date(Math.min(LAST, Math.max(FIRST, t.getTime())))
}

/** Days in a month; setUTCFullYear, not Date.UTC, which reads years 0–99 as 1900–1999. */
function daysIn(year: number, month: number): number {
  const t = new Date(0)
  t.setUTCFullYear(year, month + 1, 0)
  return t.getUTCDate()
}

/** The interval a moment stands for on a field of this type, at this time; undefined when it has none. */
export function resolveMoment(type: FieldType, moment: Moment, now: Date): Interval | undefined {
  const m = MOMENTS[type]
  if (!m) return undefined
  if (moment.kind === 'now') return m.instant(now)
  if (moment.kind === 'today') return m.day?.(isoDay(now))
  return m.instant(shift(now, moment.amount, moment.unit))
}

/**
 * The checks a comparison with an interval makes: the field's value v satisfies
 * `gte <= v` and `v < lt` (each when present), negated when `negate` is set.
 */
export function rangeBounds(
  op: '=' | '!=' | '>' | '>=' | '<' | '<=',
  { from, to }: Interval,
): { gte?: Bound; lt?: Bound; negate?: true } {
  switch (op) {
    case '=':
      return { gte: from, lt: to }
    case '!=':
      return { gte: from, lt: to, negate: true }
    case '>':
      return { gte: to }
    case '>=':
      return { gte: from }
    case '<':
      return { lt: from }
    case '<=':
      return { lt: to }
  }
}
