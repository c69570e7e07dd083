import { z } from 'zod'
import { CODES } from '../fields/checks'
import { CHILDREN_MAX, NAME_MAX, TITLE_MAX } from '../fields/definition'
import { buildFormSchema } from '../fields/form'
import { DEFAULT_ADDRESS_STRUCTURE } from '../fields/kinds/composites'
import { getFieldType } from '../fields/registry'
import type { DefinitionIssue, FieldDefinition } from '../fields/types'
import { buildValueSchema } from '../fields/value'
import { APPEND_ICONS } from './append-icon'

/*
 * A form as the administrator saves it (PRODUCT.md §5, spec §3 form field settings, §5 editable
 * and visible lists): the POST/PATCH /forms body, and the admin's form editor. What a definition
 * alone can check is checked here; that its entries name fields of the node is checkFormFields,
 * given the node's definitions.
 */

export const FORM_LAYOUTS = ['simple', 'tabs', 'board'] as const
export type FormLayout = (typeof FORM_LAYOUTS)[number]
/** Spec §3: an entry's grid width defaults to 12 of 12 columns. */
export const FORM_GRID_COLUMNS = 12
/** Board layout cells sit on the dashboards' grid (spec §9: 48 columns). */
export const FORM_BOARD_COLUMNS = 48
export const FORM_FIELDS_MAX = 200
export const FORM_TABS_MAX = 20
export const FORM_CODES = {
  unknownField: 'forms.unknown_field',
  repeated: 'forms.field_repeated',
  unknownTab: 'forms.unknown_tab',
} as const

const text = (max: number) =>
  z
    .string({ required_error: CODES.required, invalid_type_error: CODES.invalid })
    .trim()
    .min(1, CODES.required)
    .max(max, CODES.maxLength)
const optionalText = (max: number) =>
  z.string({ invalid_type_error: CODES.invalid }).trim().max(max, CODES.maxLength).optional()
const int = (min: number, max: number) =>
  z
    .number({ invalid_type_error: CODES.number })
    .int(CODES.number)
    .min(min, CODES.invalid)
    .max(max, CODES.invalid)

const flag = z.boolean({ invalid_type_error: CODES.invalid }).optional()

/**
 * How this form shows one child of a composite entry (spec §3 child fields: grid, default 12, and
 * visible), with its own label and placeholder; the child's definition otherwise.
 */
export const formChildFieldSchema = z.object({
  name: text(NAME_MAX),
  grid: int(1, FORM_GRID_COLUMNS).optional(),
  visible: flag,
  label: optionalText(TITLE_MAX),
  placeholder: optionalText(TITLE_MAX),
})
export type FormChildField = z.infer<typeof formChildFieldSchema>

/** One entry of a form: which field, where it sits and how this form shows it. */
export const formFieldSchema = z.object({
  name: text(NAME_MAX),
  grid: int(1, FORM_GRID_COLUMNS).default(FORM_GRID_COLUMNS),
  /** layout tabs: the name of the tab the entry is on. */
  tab: text(NAME_MAX).optional(),
  /** layout board: the entry's cell (spec §3 grid layout item). */
  x: int(0, FORM_BOARD_COLUMNS - 1).optional(),
  y: int(0, 10_000).optional(),
  w: int(1, FORM_BOARD_COLUMNS).optional(),
  h: int(1, 100).optional(),
  /** This form's label and placeholder; the definition's title and placeholder otherwise. */
  label: optionalText(TITLE_MAX),
  placeholder: optionalText(TITLE_MAX),
  readonly: flag,
  visible: flag,
  /** This form's initial value, checked by the field's own rule (checkFormFields). */
  default: z.unknown().optional(),
  /** The icon after the control; absent: the type's own (date pickers 'calendar'), null: none. */
  appendIcon: z
    .enum(APPEND_ICONS, { errorMap: () => ({ message: CODES.option }) })
    .nullable()
    .optional(),
  /**
   * This form's settings of the field, over the definition's (placeholder, required, action_row…):
   * the type's own settings, checked by the same rules as the definition's (checkFormFields).
   */
  settings: z.record(z.unknown(), { invalid_type_error: CODES.invalid }).optional(),
  /** How this form shows a composite's children (json with structure, address), by child name. */
  childFields: z
    .array(formChildFieldSchema, { invalid_type_error: CODES.invalid })
    .max(CHILDREN_MAX, CODES.maxItems)
    .optional(),
})
export type FormField = z.infer<typeof formFieldSchema>

export const formTabSchema = z.object({ name: text(NAME_MAX), title: text(TITLE_MAX) })
export type FormTab = z.infer<typeof formTabSchema>

const names = z
  .array(text(NAME_MAX), { invalid_type_error: CODES.invalid })
  .max(FORM_FIELDS_MAX, CODES.maxItems)
  .nullable()

/** The keys of a form, each on its own: what a PATCH may send. */
export const formShape = {
  name: text(TITLE_MAX),
  layout: z.enum(FORM_LAYOUTS, { errorMap: () => ({ message: CODES.option }) }),
  fields: z
    .array(formFieldSchema, { invalid_type_error: CODES.invalid })
    .max(FORM_FIELDS_MAX, CODES.maxItems),
  /** The names this form lets the user change; null or absent: all of its fields. */
  editable: names,
  /** The names this form shows; null or absent: all of its fields. */
  visible: names,
  tabs: z.array(formTabSchema, { invalid_type_error: CODES.invalid }).max(FORM_TABS_MAX, CODES.maxItems),
}

export interface FormDefinition {
  name: string
  layout: FormLayout
  fields: FormField[]
  editable: string[] | null
  visible: string[] | null
  tabs: FormTab[]
}

/** A name of the list covers an entry when it is the entry's name or a group of it ('cf_address'). */
const covers = (listed: string, entry: string) => entry === listed || entry.startsWith(`${listed}.`)

/** Checks across the keys of a whole form: repeated names, tabs and board cells, the lists. */
export function checkFormLayout(form: FormDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = []
  const seen = new Set<string>()
  for (const [i, f] of form.fields.entries()) {
    if (seen.has(f.name)) issues.push({ path: ['fields', i, 'name'], code: FORM_CODES.repeated })
    seen.add(f.name)
  }
  const tabs = new Set<string>()
  for (const [i, t] of form.tabs.entries()) {
    if (tabs.has(t.name)) issues.push({ path: ['tabs', i, 'name'], code: CODES.invalid })
    tabs.add(t.name)
  }
  if (form.layout === 'tabs' && form.tabs.length === 0) issues.push({ path: ['tabs'], code: CODES.required })
  for (const [i, f] of form.fields.entries()) {
    if (f.tab !== undefined && !tabs.has(f.tab))
      issues.push({ path: ['fields', i, 'tab'], code: FORM_CODES.unknownTab })
    else if (form.layout === 'tabs' && f.tab === undefined && form.tabs.length > 0)
      issues.push({ path: ['fields', i, 'tab'], code: CODES.required })
    if (form.layout === 'board') {
      for (const k of ['x', 'y', 'w', 'h'] as const)
        if (f[k] === undefined) issues.push({ path: ['fields', i, k], code: CODES.required })
      if (f.x !== undefined && f.w !== undefined && f.x + f.w > FORM_BOARD_COLUMNS)
        issues.push({ path: ['fields', i, 'w'], code: CODES.invalid })
    }
  }
  for (const list of ['editable', 'visible'] as const)
    for (const [i, name] of (form[list] ?? []).entries())
      if (!form.fields.some((f) => covers(name, f.name)))
        issues.push({ path: [list, i], code: FORM_CODES.unknownField })
  return issues
}

/** A whole form (POST /forms, and a PATCH merged over the stored form). */
export const formDefinitionSchema: z.ZodType<FormDefinition, z.ZodTypeDef, unknown> = z
  .object({
    ...formShape,
    fields: formShape.fields.default([]),
    editable: formShape.editable.default(null),
    visible: formShape.visible.default(null),
    tabs: formShape.tabs.default([]),
    layout: formShape.layout.default('simple'),
  })
  .superRefine((form, ctx) => {
    for (const i of checkFormLayout(form)) ctx.addIssue({ code: 'custom', path: i.path, message: i.code })
  })

/**
 * Checks a form's entries against the node's definitions (system and custom): every entry names
 * one, and its default is a value that field accepts — stored as the field stores it (the entry's
 * default is replaced by the parsed value). Issues' paths are relative to the form.
 */
export function checkFormFields(
  form: Pick<FormDefinition, 'fields'>,
  defs: readonly FieldDefinition[],
): (DefinitionIssue & { minimum?: number; maximum?: number })[] {
  const byName = new Map(defs.map((d) => [d.name, d]))
  const issues: (DefinitionIssue & { minimum?: number; maximum?: number })[] = []
  for (const [i, entry] of form.fields.entries()) {
    const def = byName.get(entry.name)
    if (!def) {
      issues.push({ path: ['fields', i, 'name'], code: FORM_CODES.unknownField })
      continue
    }
    issues.push(...checkEntrySettings(entry, def, i), ...checkChildFields(entry, def, i))
    if (entry.default === undefined) continue
    const rule = buildValueSchema({ ...def, settings: { ...def.settings, required: false } })
    const value = rule.safeParse(entry.default)
    if (value.success) entry.default = value.data
    else
      for (const e of value.error.issues)
        issues.push({
          path: ['fields', i, 'default', ...e.path],
          code: e.message,
          ...('maximum' in e ? { maximum: Number(e.maximum) } : {}),
          ...('minimum' in e ? { minimum: Number(e.minimum) } : {}),
        })
  }
  return issues
}

/**
 * An entry's own settings, by the field type's settings rules (the field editor's): unknown keys
 * are dropped, a bad value is reported at `fields.i.settings.key`. The entry keeps the parsed
 * settings; a default among them is the field's own value, checked like the definition's.
 */
function checkEntrySettings(entry: FormField, def: FieldDefinition, i: number): DefinitionIssue[] {
  if (entry.settings === undefined) return []
  const kind = getFieldType(def.type)
  const parsed = buildFormSchema(kind.settingsFields).safeParse({ settings: entry.settings })
  if (!parsed.success)
    return parsed.error.issues.map((e) => ({ path: ['fields', i, ...e.path], code: e.message }))
  // Only what the entry sent: a switch left out parses as false and must not turn the definition's off.
  const sent = entry.settings
  const settings = Object.fromEntries(
    Object.entries((parsed.data.settings ?? {}) as Record<string, unknown>).filter(
      ([k, v]) => k in sent && v !== null && v !== undefined,
    ),
  )
  const issues: DefinitionIssue[] = []
  if (settings.default !== undefined) {
    const rule = buildValueSchema({ ...def, settings: { ...def.settings, required: false } })
    const value = rule.safeParse(settings.default)
    if (value.success) settings.default = value.data
    else
      for (const e of value.error.issues)
        issues.push({ path: ['fields', i, 'settings', 'default', ...e.path], code: e.message })
  }
  entry.settings = settings
  return issues
}

/** A composite's children: its structure, or an address's default parts. */
export const childrenOf = (def: FieldDefinition): FieldDefinition[] =>
  def.structure?.length ? def.structure : def.type === 'address' ? DEFAULT_ADDRESS_STRUCTURE : []

/** An entry's childFields name children of its composite field, each once. */
function checkChildFields(entry: FormField, def: FieldDefinition, i: number): DefinitionIssue[] {
  if (!entry.childFields) return []
  const children = new Set(childrenOf(def).map((c) => c.name))
  const seen = new Set<string>()
  const issues: DefinitionIssue[] = []
  for (const [j, child] of entry.childFields.entries()) {
    if (!children.has(child.name))
      issues.push({ path: ['fields', i, 'childFields', j, 'name'], code: FORM_CODES.unknownField })
    else if (seen.has(child.name))
      issues.push({ path: ['fields', i, 'childFields', j, 'name'], code: FORM_CODES.repeated })
    seen.add(child.name)
  }
  return issues
}

/**
 * The names a user may change through this form: its entries that are neither read-only nor
 * hidden, narrowed by its editable list. What the tasks' routes pass to validateCustomFields.
 */
export function formEditableNames(form: Pick<FormDefinition, 'fields' | 'editable' | 'visible'>): string[] {
  return form.fields
    .filter((f) => f.readonly !== true && f.visible !== false)
    .map((f) => f.name)
    .filter((name) => !form.editable || form.editable.some((e) => covers(e, name)))
    .filter((name) => !form.visible || form.visible.some((v) => covers(v, name)))
}
