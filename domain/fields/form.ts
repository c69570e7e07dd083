import { z } from 'zod'
import { CODES } from './checks'
import type { FieldDefinition } from './types'
import { buildValueSchema } from './value'

/*
 * One schema per form, from its field definitions (STYLE.md §2, §8): the browser (conform), the
 * web app's action and the upstream all parse with it, so they agree on rules, codes and paths.
 * Dotted names nest (spec §3: 'cf_address.city' is custom_fields.cf_address.city when sent).
 */

export interface FormSchemaOptions {
  /**
   * The names this form lets the user change (spec §5: per-form editable lists). Others are left
   * out of the schema, so their posted values are dropped rather than saved. A group's name
   * (`cf_address`) covers its dotted children. Absent: every field is editable.
   */
  editable?: readonly string[]
}

type Tree = Map<string, Tree | FieldDefinition>

/** Definitions arranged by the segments of their names; overlapping names are a config error. */
function arrange(defs: readonly FieldDefinition[]): Tree {
  const root: Tree = new Map()
  for (const def of defs) {
    const path = def.name.split('.')
    let node = root
    for (const [i, key] of path.entries()) {
      const here = node.get(key)
      const last = i === path.length - 1
      if (here !== undefined && (last || !(here instanceof Map)))
        throw new Error(`Field "${def.name}" overlaps another field of the form`)
      if (last) {
        node.set(key, def)
      } else {
        const next: Tree = here instanceof Map ? here : new Map()
        node.set(key, next)
        node = next
      }
    }
  }
  return root
}

const isEditable = (name: string, editable?: readonly string[]) =>
  !editable || editable.some((e) => name === e || name.startsWith(`${e}.`))

function toSchema(tree: Tree): z.ZodObject<z.ZodRawShape> {
  const shape: z.ZodRawShape = {}
  for (const [key, node] of tree) {
    // A group the request left out is a group of missing fields: their own rules decide.
    shape[key] = node instanceof Map ? z.preprocess((v) => v ?? {}, toSchema(node)) : buildValueSchema(node)
  }
  return z.object(shape, { invalid_type_error: CODES.invalid })
}

/** The form's schema: editable fields only, nested by dotted names, values as they are stored. */
export function buildFormSchema(
  defs: readonly FieldDefinition[],
  options: FormSchemaOptions = {},
): z.ZodObject<z.ZodRawShape> {
  return toSchema(arrange(defs.filter((d) => isEditable(d.name, options.editable))))
}

/** The form's initial values from each definition's `settings.default`, nested like the schema. */
export function buildDefaults(defs: readonly FieldDefinition[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const def of defs) {
    if (def.settings.default === undefined) continue
    const path = def.name.split('.')
    let node = out
    for (const key of path.slice(0, -1)) {
      node[key] ??= {}
      node = node[key] as Record<string, unknown>
    }
    node[path[path.length - 1]] = def.settings.default
  }
  return out
}

/** HTML constraints of one input (conform's Constraint), so forms check before JavaScript loads. */
export interface InputConstraint {
  required?: boolean
  minLength?: number
  maxLength?: number
  multiple?: boolean
}

/**
 * Constraints by input name, children of composites included ('cf_address.city'). The component
 * puts them on its native input; the schema stays the authority (it trims before measuring).
 * Use this, not conform's getZodConstraint: that reads the schema's shape, sees no `.optional()`
 * (empty values are handled inside each field's rule) and would mark every input required.
 */
export function buildConstraints(
  defs: readonly FieldDefinition[],
  parent?: { name: string; required: boolean },
): Record<string, InputConstraint> {
  const out: Record<string, InputConstraint> = {}
  for (const def of defs) {
    const name = parent ? `${parent.name}.${def.name}` : def.name
    const { min_length, max_length, multiple } = def.settings
    // An optional composite may stay entirely empty, so its children cannot be required natively.
    const required = def.settings.required === true && parent?.required !== false
    out[name] = {
      ...(required ? { required: true } : {}),
      ...(typeof min_length === 'number' ? { minLength: min_length } : {}),
      ...(typeof max_length === 'number' ? { maxLength: max_length } : {}),
      ...(multiple ? { multiple: true } : {}),
    }
    if (def.structure && !multiple) Object.assign(out, buildConstraints(def.structure, { name, required }))
  }
  return out
}
