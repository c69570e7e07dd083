import { parse } from 'csv-parse/sync'
import { AppError, badInput } from '../../http/errors'

/*
 * An uploaded CSV file read into rows, or a clear 4xx: UTF-8 with or without a BOM, the separator
 * (; , or tab) found on the header line, bounded in lines, columns and the length of a line, the
 * header's names each once. A hostile file is refused before any row is looked at.
 */

/** The largest file an import reads. */
export const MAX_FILE_MB = 10
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024
/** Rows of one import, as many as one bulk edit changes. */
export const MAX_ROWS = 10_000
export const MAX_COLUMNS = 200
/** The longest record (all of one row's cells), in characters. */
export const MAX_LINE = 100_000

export interface CsvFile {
  delimiter: string
  headers: string[]
  /** Data rows (the header row not counted), each as long as the header. */
  rows: string[][]
}

/** The bytes as text, or 422 csv.bad_encoding (the decoder's BOM handling drops a leading BOM). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badInput('csv.bad_encoding', ['body', 'file'])
  }
}

/** The separator the header line uses most, outside quotes (a comma when none is there). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 }
  let quoted = false
  for (const ch of text.slice(0, MAX_LINE)) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch in counts) counts[ch]!++
  }
  return Object.entries(counts).reduce((best, [d, n]) => (n > counts[best]! ? d : best), ',')
}

/** The first line longer than MAX_LINE (from 1), if any: refused before parsing. */
function longLine(text: string): number | undefined {
  let start = 0
  for (let line = 1; start <= text.length; line++) {
    const end = text.indexOf('\n', start)
    const stop = end < 0 ? text.length : end
    if (stop - start > MAX_LINE) return line
    if (end < 0) return undefined
    start = end + 1
  }
  return undefined
}

interface ParseError {
  code?: string
  lines?: number
}

export function readCsv(bytes: Uint8Array): CsvFile {
  if (bytes.byteLength > MAX_FILE_BYTES)
    throw new AppError(413, 'csv.too_large', ['body', 'file'], { max: MAX_FILE_MB })
  const text = decodeUtf8(bytes)
  const long = longLine(text)
  if (long !== undefined) throw badInput('csv.line_too_long', ['body', 'file'], { line: long, max: MAX_LINE })
  const delimiter = detectDelimiter(text)
  let records: string[][]
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      max_record_size: MAX_LINE,
      to_line: MAX_ROWS + 2,
    }) as string[][]
  } catch (e) {
    const err = e as ParseError
    const line = err.lines ?? 1
    if (err.code === 'CSV_MAX_RECORD_SIZE')
      throw badInput('csv.line_too_long', ['body', 'file'], { line, max: MAX_LINE })
    throw badInput('csv.bad_file', ['body', 'file'], { line })
  }
  const [header, ...rows] = records
  if (!header || header.every((h) => h.trim() === '')) throw badInput('csv.empty', ['body', 'file'])
  if (header.length > MAX_COLUMNS)
    throw badInput('csv.too_many_columns', ['body', 'file'], { max: MAX_COLUMNS })
  if (rows.length > MAX_ROWS) throw badInput('csv.too_many_rows', ['body', 'file'], { max: MAX_ROWS })
  const seen = new Set<string>()
  for (const h of header) {
    const name = h.trim().toLowerCase()
    if (name && seen.has(name)) throw badInput('csv.duplicate_header', ['body', 'file'], { header: h.trim() })
    seen.add(name)
  }
  return { delimiter, headers: header.map((h) => h.trim()), rows }
}
