import type { SubmissionResult } from '@conform-to/react'
import { NAME_MAX, TITLE_MAX } from '@domain/fields/definition'
import { getFieldType, isFieldType, listFieldTypes } from '@domain/fields/registry'
import type { FieldDefinition, FieldType } from '@domain/fields/types'
import type { FormDescription } from '~/fields/form/description'
import { conformName } from '../admin/detail-errors'

/*
 * The field editor of /admin/fields as field definitions (STYLE.md §8): the name and title, then
 * the settings the chosen type has — the domain's `settingsFields`, named by their path in the
 * definition (`settings.max_length`, `structure`). The dialog renders them with the generic form
 * and its action parses with the same schema (formSchemaOf), then checks the whole definition with
 * the upstream's own schema (fieldDefinitionSchema). No React here: the action uses it too.
 */

/** The posted name of the type select (not a definition: changing it changes the definitions). */
export const TYPE_INPUT = 'type'
/** The intent of the type's submit button without JavaScript: re-render the settings, save nothing. */
export const CHANGE_TYPE_INTENT = 'change-type'
export const DEFAULT_TYPE: FieldType = 'text'

export const HEAD_DEFINITIONS: readonly FieldDefinition[] = [
  {
    name: 'name',
    type: 'text',
    title: 'admin_fields.editor.name',
    settings: { required: true, max_length: NAME_MAX, placeholder: 'cf_…' },
  },
  {
    name: 'title',
    type: 'text',
    title: 'admin_fields.editor.title',
    settings: { required: true, max_length: TITLE_MAX },
  },
]

/** Settings that sit two to a row; the others (switches excepted) take the whole row. */
const HALF = new Set([
  'name',
  'title',
  'settings.placeholder',
  'settings.default',
  'settings.min_length',
  'settings.max_length',
  'settings.length',
  'settings.source',
  'settings.required',
  'settings.multiple',
])

export const fieldTypes = (): FieldType[] => listFieldTypes().map((k) => k.type)

/** The type a post names, or the fallback when it names none of the registry's. */
export const readType = (raw: unknown, fallback: FieldType): FieldType => (isFieldType(raw) ? raw : fallback)

/** Every input of the editor for a type: name, title, then its settings. */
export function editorDefinitions(type: FieldType): FieldDefinition[] {
  return [...HEAD_DEFINITIONS, ...getFieldType(type).settingsFields]
}

/** One simple form over those definitions: a grid of halves and whole rows. */
export function editorDescription(defs: readonly FieldDefinition[]): FormDescription {
  return {
    layout: 'simple',
    fields: defs.map((d) => ({ name: d.name, grid: HALF.has(d.name) && !d.structure ? 6 : 12 })),
  }
}

type Values = Record<string, unknown>
const isRecord = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * What the editor keeps when the type changes: the name, the title and the settings the new type
 * also has — but not the default, whose rule is the old type's. Raw form values in, raw out.
 */
export function carryOver(values: Values, from: FieldType, to: FieldType): Values {
  const keep = new Set(
    getFieldType(to)
      .settingsFields.map((d) => d.name)
      .filter((n) => from === to || n !== 'settings.default'),
  )
  const settings = isRecord(values.settings) ? values.settings : {}
  const out: Values = {}
  if (values.name !== undefined) out.name = values.name
  if (values.title !== undefined) out.title = values.title
  const kept = Object.fromEntries(Object.entries(settings).filter(([k]) => keep.has(`settings.${k}`)))
  if (Object.keys(kept).length) out.settings = kept
  if (keep.has('structure') && values.structure !== undefined) out.structure = values.structure
  return out
}

/** The body of POST/PATCH /fields from the editor's parsed value. */
export function fieldBody(value: Values, type: FieldType) {
  return {
    name: value.name,
    type,
    title: value.title,
    settings: isRecord(value.settings) ? value.settings : {},
    ...(value.structure !== undefined && value.structure !== null ? { structure: value.structure } : {}),
  }
}

/** A stored definition as the editor's initial values (stored shapes; the form serialises them). */
export function editorDefaults(
  def: Pick<FieldDefinition, 'name' | 'title' | 'settings' | 'structure'>,
): Values {
  return {
    name: def.name,
    title: def.title,
    settings: def.settings,
    ...(def.structure?.length ? { structure: def.structure } : {}),
  }
}

type Issue = { path: (string | number)[]; message: string; maximum?: unknown; minimum?: unknown }

/**
 * Schema issues (path + code) as conform's field errors, by input name. With `t`, an issue carrying
 * its bound (a default longer than the maximum) is translated here with it: the input showing it
 * belongs to another definition, which does not know the bound.
 */
export function issueErrors(
  issues: readonly Issue[],
  t?: (code: string, params: Record<string, unknown>) => string,
) {
  const out: Record<string, string[]> = {}
  for (const i of issues) {
    const name = conformName(i.path) || ''
    const bound = i.maximum !== undefined || i.minimum !== undefined
    const text = t && bound ? t(i.message, { max: Number(i.maximum), min: Number(i.minimum) }) : i.message
    out[name] = [...new Set([...(out[name] ?? []), text])]
  }
  return out
}

/** What the field editor's action answers when it does not redirect. */
export interface FieldEditorReply {
  intent: 'save' | typeof CHANGE_TYPE_INTENT
  type: FieldType
  result?: SubmissionResult<string[]>
  /** After a type change without JavaScript: the values kept for the new type's editor. */
  values?: Record<string, unknown>
}
