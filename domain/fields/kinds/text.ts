import { asText, CODES, checkLengths, textSchema } from '../checks'
import { FILTERS } from '../filters'
import { basicSettings, S, textSettings } from '../settings'
import type { FieldFilter, FieldKindSpec, FieldType } from '../types'

/*
 * Text-like types: one line of text, several lines, an e-mail, a copyable text, a password and a
 * QR code's text. All are trimmed strings with the definition's length bounds (spec §5).
 */

/** A trimmed string with length bounds, searched by contains unless said otherwise. */
function textLike<T extends FieldType>(type: T, filter: FieldFilter = FILTERS.contains): FieldKindSpec<T> {
  return {
    type,
    valueSchema: (def) => textSchema(def),
    format: asText,
    checkDefinition: checkLengths,
    filter,
    settingsFields: textSettings(type),
  }
}

export const text: FieldKindSpec<'text'> = textLike('text')
export const textarea: FieldKindSpec<'textarea'> = textLike('textarea')
/** Text shown with a copy button (spec §4: a check icon for 2 s after copying). */
export const textCopy: FieldKindSpec<'text_copy'> = textLike('text_copy')
export const email: FieldKindSpec<'email'> = {
  ...textLike('email'),
  valueSchema: (def) => textSchema(def).email(CODES.email),
}
/** The text a QR code encodes; the code is drawn only for non-empty text (spec §5). */
export const qrcode: FieldKindSpec<'qrcode'> = textLike('qrcode', FILTERS.none)

/**
 * Not trimmed, unlike other text: spaces a user typed are part of a password, and changing them
 * silently would make it fail later. Never shown, never filtered, no default.
 */
export const password: FieldKindSpec<'password'> = {
  ...textLike('password', FILTERS.none),
  valueSchema: (def) => textSchema(def, { trim: false }),
  normalize: (raw) => raw,
  // A fixed mask: the length of a secret is part of the secret.
  format: () => '••••••••',
  settingsFields: [S.placeholder, S.required, S.minLength, S.maxLength],
}

const DIGITS = /^\d+$/

/** A short code typed into single-digit boxes, 4 by default (spec §5 code field). */
export const code: FieldKindSpec<'code'> = {
  type: 'code',
  valueSchema: (def) => {
    const n = codeLength(def.settings.length)
    return textSchema({ ...def, settings: { min_length: n, max_length: n } }).regex(DIGITS, CODES.number)
  },
  normalize: (raw, def) => raw.replace(/\D/g, '').slice(0, codeLength(def.settings.length)),
  format: asText,
  // Not in the spec's filter lists; a code is matched whole, like a phone number.
  filter: FILTERS.equality,
  settingsFields: basicSettings('code', [S.length]),
}

function codeLength(n: unknown): number {
  return typeof n === 'number' && n > 0 ? n : 4
}
