import { asText, CODES, parser } from '../checks'
import {
  formatDate,
  formatDateTime,
  formatMonth,
  formatQuarter,
  formatYear,
  parseDate,
  parseDateTime,
  parseMonth,
  parseQuarter,
  parseTime,
  parseYear,
} from '../dates'
import { FILTERS } from '../filters'
import { basicSettings, S } from '../settings'
import type { FieldKindSpec, FieldType } from '../types'

/*
 * Single moments: date, time, date-time, month, year, quarter. Each stores a value that orders as
 * text or number, so the table filter is a range check (spec §5), and shows as spec §9 says.
 */

function moment<T extends FieldType, V>(
  type: T,
  parse: (raw: unknown) => V | undefined,
  format: (stored: V) => string,
): FieldKindSpec<T> {
  return {
    type,
    valueSchema: () => parser(parse, CODES.date),
    format: (v) => {
      const parsed = parse(v)
      // Old or hand-written data that does not parse is shown as it is rather than hidden.
      return parsed === undefined ? asText(v) : format(parsed)
    },
    filter: FILTERS.range,
    // A time has no calendar, so no action row under one.
    settingsFields: type === 'time' ? basicSettings(type) : basicSettings(type, [S.actionRow]),
  }
}

export const date: FieldKindSpec<'date'> = moment('date', parseDate, formatDate)
export const time: FieldKindSpec<'time'> = moment('time', parseTime, (v) => v)
export const datetime: FieldKindSpec<'datetime'> = moment('datetime', parseDateTime, formatDateTime)
export const month: FieldKindSpec<'month'> = moment('month', parseMonth, formatMonth)
export const quarter: FieldKindSpec<'quarter'> = moment('quarter', parseQuarter, formatQuarter)
export const year: FieldKindSpec<'year'> = moment('year', parseYear, formatYear)
