import { CODES } from '@domain/fields/checks'
import type { FieldDefinition } from '@domain/fields/types'
import {
  checkFormFields,
  FORM_BOARD_COLUMNS,
  FORM_GRID_COLUMNS,
  FORM_LAYOUTS,
  FORM_TABS_MAX,
  type FormDefinition,
  type FormField,
  type FormLayout,
  formDefinitionSchema,
  formEditableNames,
  formFieldSchema,
} from '@domain/forms/definition'
import type { FormDescription } from '~/fields/form/description'
import { issueErrors } from '../admin-fields/editor-definitions'

/*
 * The form editor's draft (/admin/forms): the form being edited, the steps that change it, how it
 * posts and is read back, the check before saving and the preview it describes. Pure, so the same
 * step runs in the browser (with JavaScript: at once) and in the action (without: every button is
 * a submit button with an intent, and the whole draft is posted with it).
 */

export interface DraftField {
  name: string
  /** Width in the 12-column grid. */
  grid: number
  tab?: string
  /** This form's label; the field's title otherwise. */
  label?: string
  readonly?: boolean
  /** false: hidden in this form. */
  visible?: boolean
  /**
   * The entry's keys this editor does not edit (placeholder, default, appendIcon, settings,
   * childFields: set through the API), carried as they are so a save keeps them. null: posted but
   * unreadable (refused before saving).
   */
  kept?: Record<string, unknown> | null
}

/** Keys of an entry the editor edits, or lays out itself (board cells): never carried in `kept`. */
const EDITED_KEYS = new Set(['name', 'grid', 'tab', 'label', 'readonly', 'visible', 'x', 'y', 'w', 'h'])
/** Every other key of an entry (formFieldSchema), so a key added there is carried too. */
const KEPT_KEYS = Object.keys(formFieldSchema.shape).filter((k) => !EDITED_KEYS.has(k))

/** The kept keys of an entry (stored, or as posted); none: undefined. */
function keptOf(entry: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.fromEntries(KEPT_KEYS.filter((k) => entry[k] !== undefined).map((k) => [k, entry[k]]))
  return Object.keys(kept).length ? kept : undefined
}

/** The posted JSON of the kept keys: an object's kept keys, null when it is not one. */
function readKept(raw: string): Record<string, unknown> | null | undefined {
  if (!raw) return undefined
  try {
    const v: unknown = JSON.parse(raw)
    return v && typeof v === 'object' && !Array.isArray(v) ? keptOf(v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export interface DraftTab {
  name: string
  title: string
}

export interface Draft {
  name: string
  layout: FormLayout
  tabs: DraftTab[]
  fields: DraftField[]
  /** null: every field may be changed; a list: only those. */
  editable: string[] | null
  /** null: every field is shown; a list: only those. */
  visible: string[] | null
}

export const emptyDraft = (): Draft => ({
  name: '',
  layout: 'simple',
  tabs: [],
  fields: [],
  editable: null,
  visible: null,
})

const withKept = (kept: DraftField['kept']) => (kept !== undefined ? { kept } : {})

/** A stored form (GET /forms) as a draft. */
export function draftOf(form: Pick<FormDefinition, keyof Draft>): Draft {
  return {
    name: form.name,
    layout: form.layout,
    tabs: form.tabs.map((t) => ({ name: t.name, title: t.title })),
    fields: form.fields.map((f) => ({
      name: f.name,
      grid: f.grid ?? FORM_GRID_COLUMNS,
      ...(f.tab !== undefined ? { tab: f.tab } : {}),
      ...(f.label ? { label: f.label } : {}),
      ...(f.readonly ? { readonly: true } : {}),
      ...(f.visible === false ? { visible: false } : {}),
      ...withKept(keptOf(f)),
    })),
    editable: form.editable ? [...form.editable] : null,
    visible: form.visible ? [...form.visible] : null,
  }
}

// ---------- steps ----------

export type DraftOp =
  | { type: 'add-field'; name: string }
  | { type: 'remove-field'; index: number }
  | { type: 'up'; index: number }
  | { type: 'down'; index: number }
  | { type: 'add-tab' }
  | { type: 'remove-tab'; index: number }
  | { type: 'apply' }

/** An intent as the buttons post it: `add-field`, `remove-field:2`, `up:0`, `add-tab`, `apply`… */
export function parseIntent(intent: string, picked?: string): DraftOp | undefined {
  const [type, arg] = intent.split(':')
  const index = Number(arg)
  switch (type) {
    case 'add-field':
      return picked ? { type, name: picked } : undefined
    case 'remove-field':
    case 'up':
    case 'down':
    case 'remove-tab':
      return Number.isInteger(index) && index >= 0 ? { type, index } : undefined
    case 'add-tab':
    case 'apply':
      return { type }
    default:
      return undefined
  }
}

export const formatIntent = (op: DraftOp): string =>
  'index' in op ? `${op.type}:${op.index}` : op.type === 'add-field' ? 'add-field' : op.type

const swap = <T>(list: T[], i: number, j: number): T[] => {
  const out = [...list]
  ;[out[i], out[j]] = [out[j], out[i]]
  return out
}

/** A tab name no tab of the draft has: tab_1, tab_2… */
export function newTabName(tabs: readonly DraftTab[]): string {
  const taken = new Set(tabs.map((t) => t.name))
  let n = tabs.length + 1
  while (taken.has(`tab_${n}`)) n++
  return `tab_${n}`
}

/** Whether a step can be made on this draft (its button is disabled otherwise). */
export function canApply(draft: Draft, op: DraftOp): boolean {
  switch (op.type) {
    case 'add-field':
      return op.name !== '' && !draft.fields.some((f) => f.name === op.name)
    case 'remove-field':
      return op.index < draft.fields.length
    case 'up':
      return op.index > 0 && op.index < draft.fields.length
    case 'down':
      return op.index < draft.fields.length - 1
    case 'add-tab':
      return draft.tabs.length < FORM_TABS_MAX
    case 'remove-tab':
      return op.index < draft.tabs.length
    case 'apply':
      return true
  }
}

/** The draft after one step; a step that cannot be made leaves it as it is. */
export function applyOp(draft: Draft, op: DraftOp, tabTitle = (n: number) => `Tab ${n}`): Draft {
  if (!canApply(draft, op)) return draft
  switch (op.type) {
    case 'add-field': {
      // A new entry goes on the last tab: where one is usually building the form.
      const tab = draft.layout === 'simple' ? undefined : draft.tabs[draft.tabs.length - 1]?.name
      const field: DraftField = { name: op.name, grid: FORM_GRID_COLUMNS, ...(tab ? { tab } : {}) }
      return { ...draft, fields: [...draft.fields, field] }
    }
    case 'remove-field': {
      const name = draft.fields[op.index].name
      const drop = (list: string[] | null) => (list ? list.filter((n) => n !== name) : null)
      return {
        ...draft,
        fields: draft.fields.filter((_, i) => i !== op.index),
        editable: drop(draft.editable),
        visible: drop(draft.visible),
      }
    }
    case 'up':
      return { ...draft, fields: swap(draft.fields, op.index, op.index - 1) }
    case 'down':
      return { ...draft, fields: swap(draft.fields, op.index, op.index + 1) }
    case 'add-tab': {
      const tab = { name: newTabName(draft.tabs), title: tabTitle(draft.tabs.length + 1) }
      // The first tab takes the fields that had none, so a form switched to tabs stays valid.
      const fields = draft.tabs.length ? draft.fields : draft.fields.map((f) => ({ ...f, tab: tab.name }))
      return { ...draft, tabs: [...draft.tabs, tab], fields }
    }
    case 'remove-tab': {
      const gone = draft.tabs[op.index].name
      const tabs = draft.tabs.filter((_, i) => i !== op.index)
      // Its fields move to the first tab left (or to none), never off the form.
      const to = tabs[0]?.name
      const fields = draft.fields.map((f) => {
        if (f.tab !== gone) return f
        const { tab: _, ...rest } = f
        return to ? { ...rest, tab: to } : rest
      })
      return { ...draft, tabs, fields }
    }
    case 'apply':
      return draft
  }
}

// ---------- posting and reading back ----------

export const LIST_ALL = '__all'

/** The draft's inputs by name, as the editor renders them (and FormData holds them). */
export const inputName = {
  field: (i: number, key: keyof DraftField) => `fields[${i}].${key}`,
  tab: (i: number, key: keyof DraftTab) => `tabs[${i}].${key}`,
  /** The entry's kept keys as one JSON hidden input (see DraftField.kept). */
  kept: (i: number) => `fields[${i}].kept`,
  /** A check box ticked while the entry is shown (unticked posts nothing: hidden). */
  shown: (i: number) => `fields[${i}].shown`,
}

const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '')
const gridOf = (raw: string): number => {
  const n = Number(raw)
  return Number.isInteger(n) ? Math.min(FORM_GRID_COLUMNS, Math.max(1, n)) : FORM_GRID_COLUMNS
}
const isLayout = (v: string): v is FormLayout => (FORM_LAYOUTS as readonly string[]).includes(v)

/**
 * The draft a post holds. Lenient: it is a draft, not a form — what is wrong in it is for the check
 * before saving to say. Check boxes post only when ticked, so every entry posts its name.
 */
export function readDraft(fd: FormData): Draft {
  const tabs: DraftTab[] = []
  for (let i = 0; fd.has(inputName.tab(i, 'name')); i++)
    tabs.push({
      name: text(fd.get(inputName.tab(i, 'name'))),
      title: text(fd.get(inputName.tab(i, 'title'))),
    })
  const fields: DraftField[] = []
  for (let i = 0; fd.has(inputName.field(i, 'name')); i++) {
    const at = (key: keyof DraftField) => fd.get(inputName.field(i, key))
    const tab = text(at('tab'))
    const label = text(at('label')).trim()
    fields.push({
      name: text(at('name')),
      grid: gridOf(text(at('grid'))),
      ...(tab ? { tab } : {}),
      ...(label ? { label } : {}),
      ...(at('readonly') ? { readonly: true } : {}),
      ...(fd.get(inputName.shown(i)) === null ? { visible: false } : {}),
      ...withKept(readKept(text(at('kept')))),
    })
  }
  const list = (key: 'editable' | 'visible') =>
    fd.get(`${key}_mode`) === 'some'
      ? fd.getAll(key).filter((v): v is string => typeof v === 'string' && v !== LIST_ALL)
      : null
  const layout = text(fd.get('layout'))
  return {
    name: text(fd.get('name')),
    layout: isLayout(layout) ? layout : 'simple',
    tabs,
    fields,
    editable: list('editable'),
    visible: list('visible'),
  }
}

/** A draft sent as JSON (the preview's hidden input), checked for shape like a post. */
export function draftFromJson(raw: unknown): Draft {
  const fd = new FormData()
  try {
    const d = JSON.parse(typeof raw === 'string' ? raw : '') as Partial<Draft>
    fd.set('name', String(d.name ?? ''))
    fd.set('layout', String(d.layout ?? ''))
    for (const [i, t] of (d.tabs ?? []).entries()) {
      fd.set(inputName.tab(i, 'name'), String(t?.name ?? ''))
      fd.set(inputName.tab(i, 'title'), String(t?.title ?? ''))
    }
    for (const [i, f] of (d.fields ?? []).entries()) {
      fd.set(inputName.field(i, 'name'), String(f?.name ?? ''))
      fd.set(inputName.field(i, 'grid'), String(f?.grid ?? ''))
      if (f?.tab) fd.set(inputName.field(i, 'tab'), String(f.tab))
      if (f?.label) fd.set(inputName.field(i, 'label'), String(f.label))
      if (f?.readonly) fd.set(inputName.field(i, 'readonly'), 'on')
      if (f?.visible !== false) fd.set(inputName.shown(i), 'on')
      if (f?.kept !== undefined) fd.set(inputName.kept(i), JSON.stringify(f.kept))
    }
    for (const key of ['editable', 'visible'] as const) {
      const list = d[key]
      if (!Array.isArray(list)) continue
      fd.set(`${key}_mode`, 'some')
      for (const n of list) fd.append(key, String(n))
    }
  } catch {
    // Not JSON: an empty draft.
  }
  return readDraft(fd)
}

// ---------- saving ----------

/**
 * Board cells for the entries (layout board needs x, y, w, h): the 12-column widths scaled to the
 * board's 48 columns, flowing left to right, a new row when one is full.
 */
export function boardCells(fields: readonly DraftField[]) {
  const scale = FORM_BOARD_COLUMNS / FORM_GRID_COLUMNS
  let x = 0
  let y = 0
  return fields.map((f) => {
    const w = gridOf(String(f.grid)) * scale
    if (x + w > FORM_BOARD_COLUMNS) {
      x = 0
      y++
    }
    const cell = { x, y, w, h: 1 }
    x += w
    return cell
  })
}

/** The POST/PATCH /forms body of a draft. */
export function formBody(draft: Draft): FormDefinition {
  const cells = draft.layout === 'board' ? boardCells(draft.fields) : []
  const usesTabs = draft.layout !== 'simple'
  return {
    name: draft.name,
    layout: draft.layout,
    tabs: usesTabs ? draft.tabs : [],
    fields: draft.fields.map(
      (f, i): FormField => ({
        ...(f.kept ?? {}),
        name: f.name,
        grid: f.grid,
        ...(usesTabs && f.tab ? { tab: f.tab } : {}),
        ...(f.label ? { label: f.label } : {}),
        ...(f.readonly ? { readonly: true } : {}),
        ...(f.visible === false ? { visible: false } : {}),
        ...(cells[i] ?? {}),
      }),
    ),
    editable: draft.editable,
    visible: draft.visible,
  }
}

/**
 * The check before saving: the upstream's own schema (formDefinitionSchema) and its check of the
 * entries against the node's fields (checkFormFields). Errors by input name; none: the body to send.
 */
export function checkDraft(
  draft: Draft,
  defs: readonly FieldDefinition[],
  t?: Parameters<typeof issueErrors>[1],
) {
  // Kept keys that came back unreadable: refused, the stored ones are not to be lost silently.
  const unreadable = draft.fields.flatMap((f, i) =>
    f.kept === null ? [{ path: ['fields', i], message: CODES.invalid }] : [],
  )
  if (unreadable.length) return { errors: issueErrors(unreadable, t) }
  const parsed = formDefinitionSchema.safeParse(formBody(draft))
  if (!parsed.success) return { errors: issueErrors(parsed.error.issues, t) }
  const issues = checkFormFields(parsed.data, defs).map(({ code, ...i }) => ({ ...i, message: code }))
  if (issues.length) return { errors: issueErrors(issues, t) }
  return { errors: {}, body: parsed.data }
}

// ---------- the preview ----------

/**
 * What the generic form shows for a draft: the node's definitions with this form's labels, and a
 * description with its layout, tabs, widths and the fields a user may change (the same rule the
 * upstream applies to tasks: formEditableNames).
 */
export function previewOf(draft: Draft, defs: readonly FieldDefinition[]) {
  const byName = new Map(defs.map((d) => [d.name, d]))
  const placed = draft.fields.filter((f) => byName.has(f.name))
  const definitions = placed.map((f) => {
    const def = byName.get(f.name) as FieldDefinition
    return f.label ? { ...def, title: f.label } : def
  })
  const body = formBody({ ...draft, fields: placed })
  const shown = placed
    .filter((f) => f.visible !== false)
    .map((f) => f.name)
    .filter((n) => !draft.visible || draft.visible.includes(n))
  const description: FormDescription = {
    layout: draft.layout === 'simple' || draft.tabs.length === 0 ? 'simple' : draft.layout,
    fields: placed.map((f) => ({ name: f.name, grid: f.grid, ...(f.tab ? { tab: f.tab } : {}) })),
    tabs: draft.tabs.map((t) => ({ key: t.name, title: t.title || t.name })),
    editable: formEditableNames(body),
    visible: shown,
  }
  return { definitions, description }
}
