import { z } from 'zod'
import { asText, CODES, isBlank, isPlainObject } from '../checks'
import { FILTERS } from '../filters'
import { S } from '../settings'
import type { FieldKindSpec } from '../types'

/*
 * Files already uploaded (spec §3 attachment: url, name): the form uploads first and posts what
 * the upload returned, so the value is a list of references, never file bytes. Always a list,
 * even for a single file, so readers have one shape.
 */

const NAME_MAX = 255
const URL_MAX = 2048

/** A path on this host or an http(s) URL: never a `javascript:` link planted for other users. */
function isSafeUrl(url: string): boolean {
  // Browsers drop tabs and newlines inside URLs ('java\tscript:'): any space or control is refused.
  if (url.length > URL_MAX || /\s/.test(url) || [...url].some((c) => c < ' ' || c === '\x7f')) return false
  if (url.startsWith('/')) return !url.startsWith('//')
  return /^https?:\/\/[^/]/i.test(url)
}

// A reference without its url or name is malformed (not a field the user left empty).
const malformed = { invalid_type_error: CODES.invalid, required_error: CODES.invalid }

const fileRef = z
  .object(
    {
      url: z.string(malformed).refine(isSafeUrl, CODES.invalid),
      name: z.string(malformed).trim().min(1, CODES.required).max(NAME_MAX, CODES.maxLength),
      size: z.coerce
        .number({ invalid_type_error: CODES.invalid })
        .int(CODES.invalid)
        .min(0, CODES.invalid)
        .optional(),
      type: z.string({ invalid_type_error: CODES.invalid }).max(200, CODES.maxLength).optional(),
    },
    malformed,
  )
  .strip()

/** An unchosen `<input type=file>` posts an empty, nameless file. */
const isEmptyUpload = (v: unknown) => typeof Blob !== 'undefined' && v instanceof Blob && v.size === 0

export const file: FieldKindSpec<'file'> = {
  type: 'file',
  valueSchema: (def) => {
    const many = z.array(fileRef)
    const list = def.settings.multiple === true ? many : many.max(1, CODES.maxItems)
    return z
      .unknown()
      .transform((raw) => (Array.isArray(raw) ? raw : [raw]).filter((v) => !isBlank(v) && !isEmptyUpload(v)))
      .pipe(list)
  },
  isEmpty: (raw) =>
    isBlank(raw) ||
    isEmptyUpload(raw) ||
    (Array.isArray(raw) && raw.every((v) => isBlank(v) || isEmptyUpload(v))),
  format: (v) =>
    Array.isArray(v)
      ? v.map((f) => (isPlainObject(f) && typeof f.name === 'string' ? f.name : asText(f))).join(', ')
      : asText(v),
  filter: FILTERS.none,
  settingsFields: [S.required, S.multiple],
}
