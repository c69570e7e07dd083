import type { FieldDefinition } from '@domain/fields/types'
import { displayText, formatValue } from '@domain/fields/value'
import { logoHref } from '~/lib/user-logo'

/*
 * A task's history as the card shows it (PRODUCT.md §4: who, when, which field, old → new; newest
 * first). References (assignee, author, status, process) are stored as ids: shown by name.
 */

export interface HistoryInput {
  id: number
  field: string
  old_value?: unknown
  new_value?: unknown
  actor: { full_name: string; logo?: string | null } | null
  created_at: string
  /** The batch (bulk edit, import, undo) the change was part of, if any. */
  batch_id?: string | null
}

export interface HistoryRow {
  id: number
  at: string
  actor: string
  /** The actor's picture (spec §3 user.logo), or null: their initials. */
  actorLogo: string | null
  /** The field's title (text, or an i18n key for system fields) — 'created' and 'attachments' too. */
  field: string
  old: string
  new: string
  /** Part of a batch (a bulk edit, an import, an undo). */
  batch: boolean
}

export interface HistoryLookups {
  definitions: readonly FieldDefinition[]
  names: Readonly<Record<'assignee' | 'author' | 'status' | 'process', ReadonlyMap<string, string>>>
  locale: string
  t: (key: string) => string
}

const REF: Record<string, keyof HistoryLookups['names']> = {
  assignee: 'assignee',
  assignee_id: 'assignee',
  author: 'author',
  author_id: 'author',
  status: 'status',
  status_id: 'status',
  process: 'process',
  process_id: 'process',
}

/** The field's definition by a history name (cf_office.city → cf_office's child city). */
function definitionOf(defs: readonly FieldDefinition[], field: string): FieldDefinition | undefined {
  const direct = defs.find((d) => d.name === field)
  if (direct) return direct
  const [head, ...rest] = field.split('.')
  const parent = defs.find((d) => d.name === head)
  return rest.length ? parent?.structure?.find((c) => c.name === rest.join('.')) : undefined
}

export function historyValue(field: string, value: unknown, lookups: HistoryLookups): string {
  if (value === null || value === undefined || value === '') return ''
  const ref = REF[field]
  if (ref) {
    const id = typeof value === 'object' && value && 'id' in value ? String(value.id) : String(value)
    return lookups.names[ref].get(id) ?? id
  }
  if (field === 'attachments' && typeof value === 'object' && value && 'name' in value)
    return String(value.name)
  const def = definitionOf(lookups.definitions, field)
  if (def) {
    try {
      return displayText(formatValue(def, value, lookups.locale), lookups.t)
    } catch {
      // Old data a type no longer reads: shown as it is stored, below.
    }
  }
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

/** Newest first, each change with its field's title and both values as text. */
export function historyRows(entries: readonly HistoryInput[], lookups: HistoryLookups): HistoryRow[] {
  return [...entries]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)
    .map((e) => {
      const def = definitionOf(lookups.definitions, e.field)
      const field =
        e.field === 'created'
          ? 'tasks.history.created'
          : e.field === 'attachments'
            ? 'fields.system.attachments'
            : (def?.title ?? (REF[e.field] ? `fields.system.${REF[e.field]}` : e.field))
      return {
        id: e.id,
        at: e.created_at,
        actor: e.actor?.full_name ?? '',
        actorLogo: logoHref(e.actor?.logo),
        field,
        old: e.field === 'created' ? '' : historyValue(e.field, e.old_value, lookups),
        new: e.field === 'created' ? '' : historyValue(e.field, e.new_value, lookups),
        batch: Boolean(e.batch_id),
      }
    })
}
