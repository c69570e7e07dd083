import { asText, CODES, checkLengths, textSchema } from '../checks'
import { FILTERS } from '../filters'
import { basicSettings, S, textSettings } from '../settings'
import type { FieldDefinition, FieldKindSpec } from '../types'

/*
 * Text-like types: one line of text, several lines, an e-mail, a copyable text, a password and a
 * QR code's text. All are trimmed strings with the definition's length bounds (spec §5).
 */

const textLike = {
  valueSchema: (def: FieldDefinition) => textSchema(def),
  format: asText,
  checkDefinition: checkLengths,
}

export const text: FieldKindSpec<'text'> = {
  type: 'text',
  ...textLike,
  filter: FILTERS.contains,
  settingsFields: textSettings('text'),
}

export const textarea: FieldKindSpec<'textarea'> = {
  type: 'textarea',
  ...textLike,
  filter: FILTERS.contains,
  settingsFields: textSettings('textarea'),
}

/** Text shown with a copy button (spec §4: a check icon for 2 s after copying). */
export const textCopy: FieldKindSpec<'text_copy'> = {
  type: 'text_copy',
  ...textLike,
  filter: FILTERS.contains,
  settingsFields: textSettings('text_copy'),
}

export const email: FieldKindSpec<'email'> = {
  type: 'email',
  ...textLike,
  valueSchema: (def) => textSchema(def).email(CODES.email),
  filter: FILTERS.contains,
  settingsFields: textSettings('email'),
}

/** The text a QR code encodes; the code is drawn only for non-empty text (spec §5). */
export const qrcode: FieldKindSpec<'qrcode'> = {
  type: 'qrcode',
  ...textLike,
  filter: FILTERS.none,
  settingsFields: textSettings('qrcode'),
}

/**
 * Not trimmed, unlike other text: spaces a user typed are part of a password, and changing them
 * silently would make it fail later. Never shown, never filtered, no default.
 */
export const password: FieldKindSpec<'password'> = {
  type: 'password',
  ...textLike,
  valueSchema: (def) => textSchema(def, { trim: false }),
  normalize: (raw) => raw,
  // A fixed mask: the length of a secret is part of the secret.
  format: () => '••••••••',
  filter: FILTERS.none,
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
