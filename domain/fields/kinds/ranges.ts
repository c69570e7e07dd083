import { asText, CODES, parser } from '../checks'
import { addDays, formatDate, isoWeekMonday, parseDate, parseTime, RANGE_JOINER } from '../dates'
import { FILTERS } from '../filters'
import { S } from '../settings'
import type { FieldKindSpec, FieldType } from '../types'

/*
 * Values made of several moments: a week, a date range, a time range, several dates. None of them
 * is filterable in the table (spec §5: range pickers, multidatepicker, weekpicker). Stored as
 * lists of the single-moment shapes, so `{field}.0` is the start (as the schedule reads times).
 */

/** [start, end] from a two-item list; both must parse and start must not come after end. */
const pair =
  (parse: (raw: unknown) => string | undefined) =>
  (raw: unknown): [string, string] | undefined => {
    if (!Array.isArray(raw) || raw.length !== 2) return undefined
    const [a, b] = raw.map(parse)
    return a !== undefined && b !== undefined && a <= b ? [a, b] : undefined
  }

const datePair = pair(parseDate)

/** A week from `<input type=week>` ('2024-W05') or the picker's [first day, last day]. */
function parseWeek(raw: unknown): [string, string] | undefined {
  const monday = isoWeekMonday(raw)
  if (monday) return [monday, addDays(monday, 6)]
  const days = datePair(raw)
  return days && addDays(days[0], 6) === days[1] ? days : undefined
}

/** Several dates, in order, each once; blank entries (an emptied input) are dropped. */
function parseDates(raw: unknown): string[] | undefined {
  const list = (Array.isArray(raw) ? raw : [raw]).filter((v) => !(typeof v === 'string' && v.trim() === ''))
  const days = list.map(parseDate)
  if (days.some((d) => d === undefined)) return undefined
  return [...new Set(days as string[])].sort()
}

function formatList(v: unknown, each: (s: string) => string, joiner: string): string {
  return Array.isArray(v) && v.every((s) => typeof s === 'string') ? v.map(each).join(joiner) : asText(v)
}

function several<T extends FieldType>(
  type: T,
  parse: (raw: unknown) => string[] | undefined,
  each: (s: string) => string,
  joiner = RANGE_JOINER,
  extra: FieldKindSpec<T>['settingsFields'] = [],
): FieldKindSpec<T> {
  return {
    type,
    valueSchema: () => parser(parse, CODES.date),
    format: (v) => formatList(v, each, joiner),
    filter: FILTERS.none,
    settingsFields: [S.placeholder, S.required, ...extra],
  }
}

/** A week picks a day and applies at once, so it may show the Now row (spec §9 action row). */
export const week: FieldKindSpec<'week'> = several('week', parseWeek, formatDate, RANGE_JOINER, [S.actionRow])
export const daterange: FieldKindSpec<'daterange'> = several('daterange', datePair, formatDate)
/** Start and end times of a day, as the daily schedule places a task (spec §3 widget settings). */
export const timerange: FieldKindSpec<'timerange'> = several('timerange', pair(parseTime), (t) => t)
export const multidate: FieldKindSpec<'multidate'> = several('multidate', parseDates, formatDate, ', ')
