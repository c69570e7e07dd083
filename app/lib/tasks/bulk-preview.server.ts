import type { DetailEntry } from '@domain/errors/catalogue'
import type { FieldDefinition } from '@domain/fields/types'
import { routes } from '../routes'
import type { Preview } from './bulk-edit.server'
import { historyRows } from './history'
import { fieldOfLoc } from './payload'

/*
 * A dry run as the page shows it: each task with its changes as text (old → new, references by
 * name, values as their field displays them — the task history's formatting), each refusal with
 * the field it is about. Texts that need translating stay i18n keys (field titles of system
 * fields, catalogue codes); the page translates them.
 */

export interface Reason {
  /** The field's title (text, or an i18n key), or null when the refusal is about the task. */
  field: string | null
  code: string
  params: Record<string, string | number>
}

export interface PreviewView {
  count: number
  tasks: { key: string; href: string; changes: { field: string; old: string; new: string }[] }[]
  refusals: { key: string; href: string; reasons: Reason[] }[]
  problems: Reason[]
}

export interface PreviewLookups {
  definitions: readonly FieldDefinition[]
  users: ReadonlyMap<string, string>
  statuses: ReadonlyMap<string, string>
  locale: string
  t: (key: string) => string
}

/** A task key's card: its process key is the part before the number. */
export const cardOf = (key: string) => routes.TaskCard(key.replace(/-\d+$/, ''), key)

/** The field a refusal's loc names (under `body.patch`, as a task's edit names it under `body`). */
function fieldTitle(d: DetailEntry, definitions: readonly FieldDefinition[]): string | null {
  const loc = d.loc ?? []
  const inBody = loc[0] === 'body' && loc[1] === 'patch' ? ['body', ...loc.slice(2)] : loc
  const name = fieldOfLoc(inBody)
  const field = typeof d.ctx?.field === 'string' ? d.ctx.field : name?.split(/[.[]/)[0]
  if (!field) return null
  const def = definitions.find((x) => x.name === field)
  if (def) return def.title
  return ['status', 'assignee', 'title', 'description'].includes(field) ? `fields.system.${field}` : field
}

const reasonOf = (d: DetailEntry, definitions: readonly FieldDefinition[]): Reason => {
  const { task: _task, ...params } = d.ctx ?? {}
  return { field: fieldTitle(d, definitions), code: d.type, params }
}

export function previewView(preview: Preview, lookups: PreviewLookups): PreviewView {
  const history = {
    definitions: lookups.definitions,
    names: {
      assignee: lookups.users,
      author: lookups.users,
      status: lookups.statuses,
      process: new Map<string, string>(),
    },
    locale: lookups.locale,
    t: lookups.t,
  }
  const at = new Date(0).toISOString()
  return {
    count: preview.count,
    tasks: preview.tasks.map((task) => ({
      key: task.key,
      href: cardOf(task.key),
      // As history rows (the card's formatting); ids count down so the order stays the dry run's.
      changes: historyRows(
        task.changes.map((c, i) => ({
          id: task.changes.length - i,
          field: c.field,
          old_value: c.old,
          new_value: c.new,
          actor: null,
          created_at: at,
        })),
        history,
      ).map((r) => ({ field: r.field, old: r.old, new: r.new })),
    })),
    refusals: preview.refusals.map((r) => ({
      key: r.key,
      href: cardOf(r.key),
      reasons: r.detail.map((d) => reasonOf(d, lookups.definitions)),
    })),
    problems: preview.problems.map((d) => reasonOf(d, lookups.definitions)),
  }
}
