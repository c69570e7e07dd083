import { z } from 'zod'
import { asText, CODES, isBlank, isPlainObject } from '../checks'
import { FILTERS } from '../filters'
import { S } from '../settings'
import type { FieldDefinition, FieldKindSpec, KindContext } from '../types'

/*
 * Composite types (spec §3): json and address. Their child fields (`structure`) are validated by
 * their own rules and their errors are reported under the child's name ([field, 'city']). A
 * composite left entirely empty is empty — so an optional address with a required city may stay
 * blank, but once any part is filled, every part's rules apply.
 */

/** Parts of an address when its definition names none. */
export const DEFAULT_ADDRESS_STRUCTURE: FieldDefinition[] = [
  'postcode',
  'region',
  'city',
  'street',
  'house',
  'flat',
].map((name) => ({ name, type: 'text', title: `fields.address.${name}`, settings: { max_length: 200 } }))

const addressParts = (def: FieldDefinition) =>
  def.structure?.length ? def.structure : DEFAULT_ADDRESS_STRUCTURE

function group(children: FieldDefinition[], ctx: KindContext, extra: z.ZodRawShape = {}) {
  const shape = Object.fromEntries(children.map((child) => [child.name, ctx.field(child)]))
  return z.object({ ...shape, ...extra }, { invalid_type_error: CODES.invalid })
}

/** A group whose every child is empty by its own type, and nothing else in it is filled. */
function groupEmpty(raw: unknown, children: FieldDefinition[], ctx: KindContext): boolean {
  if (isBlank(raw)) return true
  if (!isPlainObject(raw)) return false
  const named = new Set(children.map((c) => c.name))
  return (
    children.every((child) => ctx.isEmpty(child, raw[child.name])) &&
    Object.entries(raw).every(([k, v]) => named.has(k) || isBlank(v))
  )
}

/** JSON typed into a text area arrives as text; a JSON body or nested form inputs as structure. */
const jsonText = z.unknown().transform((raw, ctx) => {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw) as unknown
  } catch {
    ctx.addIssue({ code: 'custom', message: CODES.json })
    return z.NEVER
  }
})

export const json: FieldKindSpec<'json'> = {
  type: 'json',
  composite: true,
  valueSchema: (def, ctx) => {
    if (!def.structure?.length) return jsonText
    const children = def.structure
    const row = group(children, ctx)
    if (def.settings.multiple !== true) return jsonText.pipe(row)
    // A list of rows (options of a select, say): rows left blank in the form are not rows.
    const rows = z.array(z.unknown(), { invalid_type_error: CODES.invalid })
    return jsonText
      .pipe(rows)
      .transform((list) => list.filter((r) => !groupEmpty(r, children, ctx)))
      .pipe(z.array(row))
  },
  isEmpty: (raw, def, ctx) => {
    const children = def.structure
    if (!children?.length) return raw == null || (typeof raw === 'string' && raw.trim() === '')
    return Array.isArray(raw)
      ? raw.every((r) => groupEmpty(r, children, ctx))
      : groupEmpty(raw, children, ctx)
  },
  format: (v) => (typeof v === 'string' ? v : JSON.stringify(v)),
  filter: FILTERS.none,
  settingsFields: [S.required, S.multiple, S.structure],
}

/** Map coordinates ({field}.lat and {field}.lon, spec §3), kept but never shown as fields. */
const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.coerce
      .number({ invalid_type_error: CODES.invalid })
      .min(-limit, CODES.invalid)
      .max(limit, CODES.invalid)
      .optional(),
  )

export const address: FieldKindSpec<'address'> = {
  type: 'address',
  composite: true,
  valueSchema: (def, ctx) => group(addressParts(def), ctx, { lat: coordinate(90), lon: coordinate(180) }),
  isEmpty: (raw, def, ctx) => groupEmpty(raw, addressParts(def), ctx),
  format: (v, def, ctx) => {
    if (!isPlainObject(v)) return asText(v)
    return addressParts(def)
      .map((child) => (v[child.name] == null ? '' : ctx.field(child, v[child.name])))
      .filter((part): part is string => typeof part === 'string' && part !== '')
      .join(', ')
  },
  filter: FILTERS.none,
  settingsFields: [S.required, S.structure],
}
