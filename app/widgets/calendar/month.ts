/** yyyy-MM of the month before or after `month` (yyyy-MM). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number)
  const index = y * 12 + (m - 1) + by
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * A UTC date formatter, made once per locale and style: making one costs more than rendering the
 * rest of the month (a server renders every board page afresh).
 */
export function utcFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
    formatters.set(key, f)
  }
  return f
}

/** 'November 2026' in the page's language (the month is a calendar month: no time zone applies). */
export function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  const text = utcFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(Date.UTC(y, m - 1, 1)))
  // 'ноябрь 2026 г.' → 'Ноябрь 2026 г.': the first letter only (CSS capitalize would make 'Г.').
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1)
}

/** dd.MM.yyyy (spec §3 calendar dates). */
export const dayLabel = (day: string) => day.split('-').reverse().join('.')
