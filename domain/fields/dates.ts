/*
 * Dates without a library: parse what a form or the API sends into one stored shape that sorts
 * as text (so range filters compare it), and format it as spec §9 says. Values the form posts in
 * the display format ('dd.MM.yyyy', typed into a plain input without JavaScript) are accepted too.
 *
 * Stored: date 'yyyy-MM-dd', time 'HH:mm', datetime an ISO instant in UTC, month 'yyyy-MM',
 * year a number, quarter 'yyyy-Qn'. The date picker works in UTC (spec §9), so a date-time with
 * no offset is UTC and is shown in UTC.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A UTC Date for y-m-d, or null when the day does not exist (31.02). Years 1–9999 only. */
function utc(y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0): Date | null {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || h > 23 || min > 59 || s > 59) return null
  const t = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
  t.setUTCFullYear(y, m - 1, d)
  t.setUTCHours(h, min, s, ms)
  return t.getUTCDate() === d && t.getUTCMonth() === m - 1 ? t : null
}

const isoDay = (t: Date) => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`

const str = (raw: unknown) => (typeof raw === 'string' ? raw.trim() : undefined)

export function parseDate(raw: unknown): string | undefined {
  const s = str(raw)
  const m = s && (/^(\d{4})-(\d{2})-(\d{2})$/.exec(s) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s))
  if (!m) return undefined
  const [y, mo, d] = m[1].length === 4 ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]]
  const t = utc(+y, +mo, +d)
  return t ? isoDay(t) : undefined
}

export const formatDate = (iso: string) => iso.split('-').reverse().join('.')

/** 'HH:mm', 'H:mm' or 'HH:mm:ss' (seconds dropped), or the picker's { hours, minutes }. */
export function parseTime(raw: unknown): string | undefined {
  let h: number
  let min: number
  if (raw !== null && typeof raw === 'object' && 'hours' in raw && 'minutes' in raw) {
    ;[h, min] = [Number(raw.hours), Number(raw.minutes)]
  } else {
    const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(str(raw) ?? '')
    if (!m) return undefined
    ;[h, min] = [+m[1], +m[2]]
  }
  return Number.isInteger(h) && Number.isInteger(min) && h >= 0 && h <= 23 && min >= 0 && min <= 59
    ? `${pad(h)}:${pad(min)}`
    : undefined
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?$/i
const DISPLAY_DATE_TIME = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/

export function parseDateTime(raw: unknown): string | undefined {
  const s = str(raw) ?? ''
  const d = DISPLAY_DATE_TIME.exec(s)
  if (d) return utc(+d[3], +d[2], +d[1], +d[4], +d[5])?.toISOString()
  const m = DATE_TIME.exec(s)
  if (!m) return undefined
  const t = utc(+m[1], +m[2], +m[3], +m[4], +m[5], +(m[6] ?? 0), +(m[7] ?? '0').padEnd(3, '0'))
  if (!t) return undefined
  const zone = m[8]
  if (zone && zone.toUpperCase() !== 'Z') {
    const [, sign, hh, mm] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? []
    const offset = (+hh * 60 + +mm) * (sign === '-' ? -1 : 1)
    t.setTime(t.getTime() - offset * 60_000)
  }
  const y = t.getUTCFullYear()
  return y >= 1 && y <= 9999 ? t.toISOString() : undefined
}

export function formatDateTime(iso: string): string {
  const t = new Date(iso)
  if (Number.isNaN(t.getTime())) return iso
  return `${formatDate(isoDay(t))} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`
}

export function parseMonth(raw: unknown): string | undefined {
  const s = str(raw) ?? ''
  const m = /^(\d{4})-(\d{2})$/.exec(s) ?? /^(\d{2})\.(\d{4})$/.exec(s)
  if (!m) return undefined
  const [y, mo] = m[1].length === 4 ? [m[1], m[2]] : [m[2], m[1]]
  return utc(+y, +mo, 1) ? `${y}-${mo}` : undefined
}

export const formatMonth = (iso: string) => iso.split('-').reverse().join('.')

export function parseYear(raw: unknown): number | undefined {
  const s = typeof raw === 'number' ? String(raw) : (str(raw) ?? '')
  return /^\d{1,4}$/.test(s) && +s >= 1 ? +s : undefined
}

export const formatYear = (y: number) => pad(y, 4)

/** 'yyyy-Qn' stored, 'n.yyyy' shown (spec §9 'Q.yyyy': Q is the quarter's number). */
export function parseQuarter(raw: unknown): string | undefined {
  const s = str(raw) ?? ''
  const m = /^(\d{4})-Q([1-4])$/i.exec(s)
  if (m) return `${m[1]}-Q${m[2]}`
  const d = /^([1-4])\.(\d{4})$/.exec(s)
  return d && +d[2] >= 1 ? `${d[2]}-Q${d[1]}` : undefined
}

export const formatQuarter = (iso: string) => {
  const [y, q] = iso.split('-Q')
  return q ? `${q}.${y}` : iso
}

export function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T00:00:00Z`)
  t.setUTCDate(t.getUTCDate() + days)
  return isoDay(t)
}

/** The Monday of ISO week `w` of year `y` ('2024-W05', as `<input type=week>` posts it). */
export function isoWeekMonday(raw: unknown): string | undefined {
  const m = /^(\d{4})-W(\d{2})$/i.exec(str(raw) ?? '')
  if (!m) return undefined
  const mondayOfWeek1 = (y: number) => {
    const jan4 = utc(y, 1, 4)
    if (!jan4) return undefined
    return addDays(isoDay(jan4), -((jan4.getUTCDay() + 6) % 7))
  }
  const [y, w] = [+m[1], +m[2]]
  const first = mondayOfWeek1(y)
  const next = y < 9999 ? mondayOfWeek1(y + 1) : undefined
  if (!first || !next || w < 1) return undefined
  const monday = addDays(first, (w - 1) * 7)
  return monday < next ? monday : undefined
}

/** Two values joined as one range (spec §9: a week is shown as its two dates). */
export const RANGE_JOINER = ' – '
