import type { FieldDefinition, FieldType } from '@domain/fields/types'
import { childrenOf } from '@domain/forms/definition'
import type { FormDescription, FormFieldPlace } from '~/fields/form/description'
import { type ChoiceOption, optionsFromRows } from '~/fields/options'
import type { Schema } from '../upstream/types'

/*
 * The form a task is created and edited with (PRODUCT.md §4, §5): the process's form (its id is
 * processes.form_id) over the node's field definitions, or — a process without a form — a simple
 * form of title, description and assignee. The create page, the card and their actions build it
 * the same way, so the action parses with the schema the page rendered (formSchemaOf).
 */

/** A field definition as the upstream answers it (what the task pages read of it). */
export type FieldRow = Pick<Schema<'Field'>, 'name' | 'type' | 'title' | 'settings'> &
  Partial<Pick<Schema<'Field'>, 'structure' | 'system'>>

/** A form as the upstream answers it. */
export type UpstreamForm = Schema<'Form'>
type FormEntry = UpstreamForm['fields'][number]

/** The rules of the status a task is in (GET /tasks …: field_rules). */
export type FieldRules = Schema<'Task'>['field_rules']

export type TaskFormMode = 'create' | 'edit' | 'view'

export interface TaskForm {
  definitions: FieldDefinition[]
  description: FormDescription
}

/** A process with no form: spec §2 'Create Task' still works, with the three fields every task has. */
export const DEFAULT_FIELDS = ['title', 'description', 'assignee'] as const

/** Set by the upstream, never by the create form: the first status, the caller, the path's process. */
const NOT_ON_CREATE = new Set(['status', 'author', 'process', 'created_at', 'updated_at', 'attachments'])
/** Shown on the card but changed elsewhere: status by a move, attachments by their own list. */
const CARD_READONLY = new Set(['status', 'author', 'process', 'created_at', 'updated_at'])

const covers = (listed: string, name: string) => name === listed || name.startsWith(`${listed}.`)

export function definitionOf(row: FieldRow): FieldDefinition {
  return {
    name: row.name,
    type: row.type as FieldType,
    title: row.title,
    settings: { ...(row.settings ?? {}) },
    ...(row.structure?.length ? { structure: row.structure.map(definitionOf) } : {}),
    ...(row.system ? { system: true } : {}),
  }
}

/**
 * A composite as this form shows its children (spec §3 childFields): each named child with the
 * form's grid, visibility, label and placeholder over its own. An address without a structure
 * gets its default parts, so they can be arranged too.
 */
export function withChildFields(
  def: FieldDefinition,
  childFields: FormEntry['childFields'],
): FieldDefinition {
  if (!childFields?.length) return def
  const byName = new Map(childFields.map((c) => [c.name, c]))
  const structure = childrenOf(def).map((child) => {
    const c = byName.get(child.name)
    if (!c) return child
    const settings = { ...child.settings }
    if (c.grid !== undefined) settings.grid = c.grid
    if (c.visible !== undefined) settings.visible = c.visible
    if (c.placeholder) settings.placeholder = c.placeholder
    return { ...child, title: c.label || child.title, settings }
  })
  return { ...def, structure }
}

/**
 * The task form for a mode. `create` leaves out what the upstream sets; `edit` and `view` leave out
 * the attachments (the card lists them) and keep status, author, process and the dates read-only;
 * `edit` also applies the status's rules (read-only and required fields); `view` changes nothing.
 */
export function taskForm(
  rows: readonly FieldRow[],
  form: UpstreamForm | null,
  mode: TaskFormMode,
  rules: FieldRules = { required: [], readonly: [] },
): TaskForm {
  const byName = new Map(rows.map((r) => [r.name, r]))
  const entries: UpstreamForm['fields'] = form
    ? form.fields
    : DEFAULT_FIELDS.map((name) => ({ name, grid: 12 }))
  const placed = entries.filter(
    (e) =>
      byName.has(e.name) && e.name !== 'attachments' && !(mode === 'create' && NOT_ON_CREATE.has(e.name)),
  )
  // Every task has a title (the upstream requires it): a form without one still asks for it.
  if (!placed.some((e) => e.name === 'title') && byName.has('title'))
    placed.unshift({ name: 'title', grid: 12 })

  const definitions = placed.map((entry) => {
    const def = withChildFields(definitionOf(byName.get(entry.name)!), entry.childFields)
    // The form's own settings of the field (spec §3), over the definition's; then its label…
    if (entry.settings) def.settings = { ...def.settings, ...entry.settings }
    if (entry.label) def.title = entry.label
    if (entry.placeholder) def.settings.placeholder = entry.placeholder
    if (entry.default !== undefined && mode === 'create') def.settings.default = entry.default
    if (mode === 'edit' && rules.required.some((r) => r === def.name)) def.settings.required = true
    return def
  })

  const names = definitions.map((d) => d.name)
  const editable = names.filter((name) => {
    if (mode === 'view') return false
    const entry = placed.find((e) => e.name === name)
    if (entry?.readonly) return false
    if (form?.editable && name !== 'title' && !form.editable.some((l) => covers(l, name))) return false
    if (mode === 'edit' && CARD_READONLY.has(name)) return false
    if (mode === 'edit' && rules.readonly.some((l) => covers(l, name))) return false
    return true
  })
  const visible = names.filter((name) => {
    const entry = placed.find((e) => e.name === name)
    if (entry?.visible === false && name !== 'title') return false
    return !form?.visible || name === 'title' || form.visible.some((l) => covers(l, name))
  })
  const tabs = form?.tabs.map((t) => ({ key: t.name, title: t.title })) ?? []
  const fields: FormFieldPlace[] = placed.map((e) => ({
    name: e.name,
    ...(e.grid ? { grid: e.grid } : {}),
    ...(e.appendIcon !== undefined ? { appendIcon: e.appendIcon } : {}),
    // A field with no tab on a tabbed form (the title added above) sits on the first tab.
    ...(tabs.length ? { tab: e.tab ?? tabs[0].key } : {}),
  }))
  return {
    definitions,
    description: {
      layout: form && tabs.length ? form.layout : 'simple',
      fields,
      ...(tabs.length ? { tabs } : {}),
      editable,
      visible,
    },
  }
}

/** A task's values by field name, as the form starts from them (references by id). */
export function taskValues(task: {
  title: string
  description: string
  created_at: string
  updated_at: string
  status: { id: string } | null
  process: { id: string } | null
  assignee: { id: string } | null
  author: { id: string } | null
  custom_fields: Record<string, unknown>
}): Record<string, unknown> {
  return {
    ...task.custom_fields,
    title: task.title,
    description: task.description,
    created_at: task.created_at,
    updated_at: task.updated_at,
    status: task.status?.id ?? '',
    process: task.process?.id ?? '',
    assignee: task.assignee?.id ?? '',
    author: task.author?.id ?? '',
  }
}

/** Rows a select's `settings.source` names, as the page loaded them. */
export interface OptionSources {
  users?: readonly object[]
  statuses?: readonly object[]
  processes?: readonly object[]
}

/** Data-backed options by field name: each select whose `settings.source` the page loaded. */
export function formOptions(
  definitions: readonly FieldDefinition[],
  sources: OptionSources,
): Record<string, ChoiceOption[]> {
  const out: Record<string, ChoiceOption[]> = {}
  for (const def of definitions) {
    const source = def.settings.source
    const rows = typeof source === 'string' ? sources[source as keyof OptionSources] : undefined
    if (rows) out[def.name] = optionsFromRows(source as string, rows as Record<string, unknown>[])
  }
  return out
}
