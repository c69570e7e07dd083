import { z } from 'zod'
import { asText, CODES, checkLengths, isBlank } from '../checks'
import { FILTERS } from '../filters'
import { sanitizeRichText } from '../rich-text'
import { textSettings } from '../settings'
import type { FieldKindSpec } from '../types'

/*
 * Rich text: stored as the editor's HTML, measured and shown as its text. An editor cleared by
 * the user still holds '<p></p>' or '<p><br></p>', which is empty. The HTML is cleaned to the
 * whitelist of rich-text.ts (b, i, u, p, br, lists, http/https/mailto links) before it is
 * measured or stored, so the upstream never keeps scripts, styles or on* attributes.
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
    z
      .string({ invalid_type_error: CODES.invalid })
      .transform(sanitizeRichText)
      .superRefine((html, ctx) => {
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
  // Judged on the cleaned HTML: markup that holds no text once cleaned is nothing.
  isEmpty: (raw) => isBlank(raw) || (typeof raw === 'string' && htmlToText(sanitizeRichText(raw)) === ''),
  format: (v) => (typeof v === 'string' ? htmlToText(v) : asText(v)),
  normalize: sanitizeRichText,
  filter: FILTERS.none,
  settingsFields: textSettings('editor'),
  checkDefinition: checkLengths,
}
