import { type CalendarDate, parseDate, startOfMonth, startOfWeek, today } from '@internationalized/date'
import { utcFormat } from './month'

/** Always six weeks: the widget keeps its height from month to month. */
export const WEEKS = 6

/** yyyy-MM of a date. */
export const monthOf = (date: CalendarDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}`

/**
 * The dates a month's page shows: six weeks from the start of the week (the locale's first day)
 * in which the month begins.
 */
export function monthWeeks(month: string, locale: string): CalendarDate[][] {
  const first = startOfWeek(startOfMonth(parseDate(`${month}-01`)), locale)
  return Array.from({ length: WEEKS }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => first.add({ days: week * 7 + day })),
  )
}

type Weekday = { narrow: string; long: string }
const weekdays = new Map<string, Weekday[]>()

/** The week's day names, narrow ('M') and long ('Monday'), from the locale's first day. */
export function weekdayNames(locale: string): Weekday[] {
  let names = weekdays.get(locale)
  if (!names) {
    const first = startOfWeek(parseDate('2026-11-04'), locale)
    const narrow = utcFormat(locale, { weekday: 'narrow' })
    const long = utcFormat(locale, { weekday: 'long' })
    names = Array.from({ length: 7 }, (_, i) => {
      const d = first.add({ days: i }).toDate('UTC')
      return { narrow: narrow.format(d), long: long.format(d) }
    })
    weekdays.set(locale, names)
  }
  return names
}

/** Today in UTC: the same on the server and in the browser, so hydration agrees (spec §9: UTC on). */
export const todayUtc = () => today('UTC')

/** Where a key moves the focus in a month grid (null: not a grid key). */
export function moveFocus(date: CalendarDate, key: string, locale: string): CalendarDate | null {
  switch (key) {
    case 'ArrowLeft':
      return date.subtract({ days: 1 })
    case 'ArrowRight':
      return date.add({ days: 1 })
    case 'ArrowUp':
      return date.subtract({ weeks: 1 })
    case 'ArrowDown':
      return date.add({ weeks: 1 })
    case 'PageUp':
      return date.subtract({ months: 1 })
    case 'PageDown':
      return date.add({ months: 1 })
    case 'Home':
      return startOfWeek(date, locale)
    case 'End':
      return startOfWeek(date, locale).add({ days: 6 })
    default:
      return null
  }
}
