import { asText, CODES, parser } from '../checks'
import { FILTERS, NUMBER_FILTER } from '../filters'
import { basicSettings, S } from '../settings'
import type { FieldKindSpec } from '../types'

/** Digits only (spec §5), so a number is a whole, non-negative count or identifier. */
function parseNumber(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? +raw : NaN
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

export const number: FieldKindSpec<'number'> = {
  type: 'number',
  valueSchema: () => parser(parseNumber, CODES.number),
  normalize: (raw) => raw.replace(/\D/g, ''),
  format: asText,
  filter: NUMBER_FILTER,
  settingsFields: basicSettings('number'),
}

const clamp = (n: number) => Math.min(100, Math.max(0, Math.round(n)))

/** Any number is accepted and clamped to 0–100 (spec §5), the way the slider would show it. */
function parseProgress(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^[+-]?\d+(\.\d+)?$/.test(raw.trim())
        ? +raw
        : NaN
  return Number.isFinite(n) ? clamp(n) : undefined
}

export const progress: FieldKindSpec<'progress'> = {
  type: 'progress',
  valueSchema: () => parser(parseProgress, CODES.number),
  normalize: (raw) => {
    const digits = raw.trim().replace(/[^\d-]/g, '')
    return /^-?\d+$/.test(digits) ? String(clamp(+digits)) : ''
  },
  format: (v) => (typeof v === 'number' ? `${v}%` : asText(v)),
  filter: FILTERS.none,
  settingsFields: [S.required, S.default('progress')],
}
