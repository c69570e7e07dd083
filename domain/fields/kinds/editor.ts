import { z } from 'zod'
import { asText, CODES, checkLengths, isBlank } from '../checks'
import { FILTERS } from '../filters'
import { textSettings } from '../settings'
import type { FieldKindSpec } from '../types'

/*
 * Rich text: stored as the editor's HTML, measured and shown as its text. An editor cleared by
 * the user still holds '<p></p>' or '<p><br></p>', which is empty. The HTML is kept as sent:
 * whoever renders it must sanitise it (or show the text), as it came from a user.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }

/** The text a reader sees: tags dropped, common entities decoded, runs of space collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim()
}

export const editor: FieldKindSpec<'editor'> = {
  type: 'editor',
  valueSchema: (def) =>
    z.string({ invalid_type_error: CODES.invalid }).superRefine((html, ctx) => {
      const length = htmlToText(html).length
      const { min_length: min, max_length: max } = def.settings
      if (typeof min === 'number' && length < min)
        ctx.addIssue({
          code: 'too_small',
          type: 'string',
          minimum: min,
          inclusive: true,
          message: CODES.minLength,
        })
      if (typeof max === 'number' && max > 0 && length > max)
        ctx.addIssue({
          code: 'too_big',
          type: 'string',
          maximum: max,
          inclusive: true,
          message: CODES.maxLength,
        })
    }),
  // A picture alone has no text but is not nothing.
  isEmpty: (raw) =>
    isBlank(raw) || (typeof raw === 'string' && htmlToText(raw) === '' && !/<img\b/i.test(raw)),
  format: (v) => (typeof v === 'string' ? htmlToText(v) : asText(v)),
  normalize: (raw) => raw,
  filter: FILTERS.none,
  settingsFields: textSettings('editor'),
  checkDefinition: checkLengths,
}
