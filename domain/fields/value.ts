import { z } from 'zod'
import { CODES } from './checks'
import { getFieldType } from './registry'
import type { Display, FieldDefinition, FormatContext, KindContext } from './types'

const kindContext: KindContext = {
  field: (def) => buildValueSchema(def),
  isEmpty: (def, raw) => getFieldType(def.type).isEmpty(raw, def, kindContext),
}

/**
 * The rule of one field, derived from its definition (spec §5): empty values pass every rule but
 * `required` and are stored as the type's empty value (null; false for toggles); present values
 * go through the type's own schema. Takes what a form posts or what the API receives; gives the
 * stored value. Messages are catalogue codes, with the bound on length issues.
 */
export function buildValueSchema(def: FieldDefinition): z.ZodType<unknown, z.ZodTypeDef, unknown> {
  const kind = getFieldType(def.type)
  const present = kind.valueSchema(def, kindContext)
  return z.unknown().transform((raw, ctx) => {
    if (kind.isEmpty(raw, def, kindContext)) {
      if (def.settings.required) ctx.addIssue({ code: 'custom', message: CODES.required })
      return kind.emptyValue
    }
    const result = present.safeParse(raw)
    if (result.success) return result.data as unknown
    for (const issue of result.error.issues) ctx.addIssue(issue)
    return z.NEVER
  })
}

/** A stored value for display (spec §9 formats); nothing shows as ''. */
export function formatValue(def: FieldDefinition, value: unknown, locale = 'ru'): Display {
  if (value === undefined || value === null) return ''
  const ctx: FormatContext = { locale, field: (child, v) => formatValue(child, v, locale) }
  return getFieldType(def.type).format(value, def, ctx)
}

/** Text as a component shows it: keys (yes / no) go through the caller's translate function. */
export function displayText(display: Display, t: (key: string) => string): string {
  return typeof display === 'string' ? display : t(display.key)
}

/** A form input's text tidied as the user leaves it (trim, mask, digits only, clamp). */
export function normalizeInput(def: FieldDefinition, raw: string): string {
  return getFieldType(def.type).normalize(raw, def)
}
