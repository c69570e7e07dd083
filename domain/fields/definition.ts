import { z } from 'zod'
import { CODES, isPlainObject } from './checks'
import { buildFormSchema } from './form'
import { getFieldType, isFieldType } from './registry'
import type { FieldDefinition, FieldSettings } from './types'
import { buildValueSchema } from './value'

/*
 * A field definition as the administrator saves it (POST/PATCH /fields, the admin's field
 * editor). Its settings are checked by the type's own settingsFields — the same generic form
 * rules as any value — then across settings by the type, and its default by the field's own rule.
 */

const SNAKE = '[a-z][a-z0-9]*(?:_[a-z0-9]+)*'
/** `cf_` + lower snake case (PRODUCT.md §5); dots nest ('cf_address.city', spec §5). */
export const CUSTOM_FIELD_NAME = new RegExp(`^cf_[a-z0-9]+(?:_[a-z0-9]+)*(?:\\.${SNAKE})*$`)
/** A composite's child: lower snake case, no prefix — it lives under its parent's name. */
export const CHILD_FIELD_NAME = new RegExp(`^${SNAKE}$`)
export const NAME_MAX = 63
export const TITLE_MAX = 200
export const CHILDREN_MAX = 50

const text = (max: number) =>
  z
    .string({ required_error: CODES.required, invalid_type_error: CODES.invalid })
    .trim()
    .min(1, CODES.required)
    .max(max, CODES.maxLength)

const head = z.object({
  name: text(NAME_MAX),
  type: z
    .string({ required_error: CODES.required, invalid_type_error: CODES.invalid })
    .refine(isFieldType, CODES.option),
  title: text(TITLE_MAX),
  settings: z.record(z.unknown(), { invalid_type_error: CODES.invalid }).optional(),
  structure: z.unknown().optional(),
})

/**
 * Settings left empty (null) or switched off (false) are not stored: absent is the one spelling
 * of "not set", so readers test `settings.required` and nothing else.
 */
const compact = (settings: Record<string, unknown>): FieldSettings =>
  Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== null && v !== undefined && v !== false))

function definition(level: 'custom' | 'child'): z.ZodType<FieldDefinition, z.ZodTypeDef, unknown> {
  return head.transform((d, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message })
    if (!(level === 'custom' ? CUSTOM_FIELD_NAME : CHILD_FIELD_NAME).test(d.name))
      issue(['name'], CODES.fieldName)
    const kind = getFieldType(d.type)
    // One level of children keeps paths, forms and error locations simple.
    if (level === 'child' && kind.composite) issue(['type'], CODES.option)

    const parsed = buildFormSchema(kind.settingsFields).safeParse({
      settings: d.settings,
      structure: d.structure,
    })
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue(i)
      return z.NEVER
    }
    const def: FieldDefinition = {
      name: d.name,
      type: d.type as FieldDefinition['type'],
      title: d.title,
      settings: compact(parsed.data.settings as Record<string, unknown>),
    }
    if (kind.composite && level === 'custom' && parsed.data.structure != null) {
      const children = parseChildren(parsed.data.structure, ctx)
      if (!children) return z.NEVER
      if (children.length) def.structure = children
    }
    for (const i of kind.checkDefinition(def)) issue(i.path, i.code)
    if (def.settings.default !== undefined) {
      // The default must be a value the field itself accepts, so a new task starts valid.
      const rule = buildValueSchema({ ...def, settings: { ...def.settings, required: false } })
      const value = rule.safeParse(def.settings.default)
      if (value.success) def.settings.default = value.data
      else
        for (const i of value.error.issues) ctx.addIssue({ ...i, path: ['settings', 'default', ...i.path] })
    }
    return def
  })
}

/** A composite's children: a list of child definitions with distinct names. */
function parseChildren(raw: unknown, ctx: z.RefinementCtx): FieldDefinition[] | undefined {
  if (!Array.isArray(raw) || !raw.every(isPlainObject)) {
    ctx.addIssue({ code: 'custom', path: ['structure'], message: CODES.invalid })
    return undefined
  }
  if (raw.length > CHILDREN_MAX) {
    const too = { code: 'too_big', type: 'array', maximum: CHILDREN_MAX, inclusive: true } as const
    ctx.addIssue({ ...too, path: ['structure'], message: CODES.maxItems })
    return undefined
  }
  const seen = new Set<string>()
  const out: FieldDefinition[] = []
  for (const [i, item] of raw.entries()) {
    const child = childDefinition.safeParse(item)
    if (!child.success) {
      for (const e of child.error.issues) ctx.addIssue({ ...e, path: ['structure', i, ...e.path] })
      continue
    }
    if (seen.has(child.data.name))
      ctx.addIssue({ code: 'custom', path: ['structure', i, 'name'], message: CODES.invalid })
    seen.add(child.data.name)
    out.push(child.data)
  }
  return out
}

const childDefinition = definition('child')

/** A custom field's definition as saved; `system` is never taken from a request. */
export const fieldDefinitionSchema = definition('custom')
