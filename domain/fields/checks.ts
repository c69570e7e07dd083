import { z } from 'zod'
import type { CatalogueCode } from '../errors/catalogue'
import type { DefinitionIssue, FieldDefinition } from './types'

/**
 * The message codes field rules use: catalogue codes, so the upstream's error mapper fills
 * `msg` and `ctx` and the web app translates them (spec §5 'validation.{validator}').
 */
export const CODES = {
  required: 'validation.required',
  maxLength: 'validation.max_length',
  minLength: 'validation.min_length',
  email: 'validation.email',
  invalid: 'value_error',
  json: 'value_error.json',
  option: 'value_error.enum',
  maxItems: 'value_error.list.max_items',
  number: 'value_error.number',
  date: 'value_error.date',
  phone: 'value_error.phone',
  fieldName: 'value_error.field_name',
} as const satisfies Record<string, CatalogueCode>

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}

/**
 * Empty: nothing, blank text, or a list or group of empty things — what a cleared input posts
 * (`''`, `['', '']` from a range, `{ city: '' }` from an address).
 */
export function isBlank(v: unknown): boolean {
  if (v === undefined || v === null) return true
  if (typeof v === 'string') return v.trim() === ''
  if (Array.isArray(v)) return v.every(isBlank)
  if (isPlainObject(v)) return Object.values(v).every(isBlank)
  return false
}

/** A schema from a parse function: `undefined` means refused with `code`. */
export function parser<T>(parse: (raw: unknown) => T | undefined, code: CatalogueCode = CODES.invalid) {
  return z.unknown().transform((raw, ctx): T => {
    const v = parse(raw)
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message: code })
      return z.NEVER
    }
    return v
  })
}

/** Trimmed text with the definition's length bounds; issues carry the bound for ctx {min}/{max}. */
export function textSchema(def: FieldDefinition, options: { trim?: boolean } = {}) {
  let s = z.string({ invalid_type_error: CODES.invalid })
  if (options.trim !== false) s = s.trim()
  const { min_length: min, max_length: max } = def.settings
  if (typeof min === 'number' && min > 0) s = s.min(min, CODES.minLength)
  if (typeof max === 'number' && max > 0) s = s.max(max, CODES.maxLength)
  return s
}

/** Refuses min_length above max_length in a definition. */
export function checkLengths(def: FieldDefinition): DefinitionIssue[] {
  const { min_length: min, max_length: max } = def.settings
  return typeof min === 'number' && typeof max === 'number' && min > max
    ? [{ path: ['settings', 'min_length'], code: CODES.invalid }]
    : []
}

/** Any stored value as text, for formatters meeting data they did not expect. */
export const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v)
