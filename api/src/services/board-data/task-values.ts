import { type QueryField, queryFields } from '@domain/rql'
import type { TaskRow } from '../../repositories/tasks-repository'
import { fullName } from '../../repositories/users-repository'
import type { NodeConfig } from '../node-config'
import type { UsersByIds } from './users-batch'

/*
 * A task's fields as widgets show them (a table's cells, a card modal's fields, a schedule's
 * columns): the node's top-level fields by name, and each one's value — the stored one; people,
 * status and process as something a widget can show by name.
 */

export interface FieldHeader {
  name: string
  /** A custom field's title, or `fields.system.{root}` (translated by the web app). */
  title: string
  type: string
}

const fieldsOf = new WeakMap<NodeConfig, Map<string, QueryField>>()

/** The node's top-level fields by lower-case name (system, `key`, custom), as the query language knows them. */
export function topFields(config: NodeConfig): Map<string, QueryField> {
  let known = fieldsOf.get(config)
  if (!known) {
    known = new Map(queryFields(config.customs).flatMap((f) => (f.path.length ? [] : [[f.name, f]])))
    fieldsOf.set(config, known)
  }
  return known
}

export const headerOf = (f: QueryField): FieldHeader => ({
  name: f.definition.name,
  title: f.custom ? f.definition.title : `fields.system.${f.root}`,
  type: f.type,
})

/** The named fields the node still has (a deleted field's column simply goes). */
export function headersOf(config: NodeConfig, names: string[]): { header: FieldHeader; field: QueryField }[] {
  const known = topFields(config)
  return names.flatMap((n) => {
    const field = known.get(n.toLowerCase())
    return field ? [{ header: headerOf(field), field }] : []
  })
}

export type Person = { id: string; full_name: string; user_name: string }

/** The people these fields of these tasks name (assignee, author), in one read. */
export async function peopleOf(
  users: UsersByIds,
  tasks: readonly TaskRow[],
  fields: readonly QueryField[],
): Promise<Map<string, Person>> {
  const roots = new Set(fields.map((f) => (f.custom ? '' : f.root)))
  const ids = tasks.flatMap((t) => [
    ...(roots.has('assignee') && t.assigneeId ? [t.assigneeId] : []),
    ...(roots.has('author') ? [t.authorId] : []),
  ])
  const people = new Map<string, Person>()
  if (ids.length === 0) return people
  for (const u of await users(ids)) people.set(u.id, { id: u.id, full_name: fullName(u), user_name: u.email })
  return people
}

/** A field's value of a task: the stored one; people, status and process as something a widget can show. */
export function taskValue(
  t: TaskRow,
  f: QueryField,
  config: NodeConfig,
  people: Map<string, Person>,
): unknown {
  if (f.custom) return t.customFields[f.definition.name] ?? null
  switch (f.root) {
    case 'key':
      return t.key
    case 'title':
      return t.title
    case 'description':
      return t.description
    case 'created_at':
      return t.createdAt.toISOString()
    case 'updated_at':
      return t.updatedAt.toISOString()
    case 'status': {
      const s = config.statuses.get(t.statusId)
      return s ? { id: s.id, name: s.name, color: s.color } : null
    }
    case 'process': {
      const p = config.flows.get(t.processId)?.process
      return p ? { id: p.id, key: p.key, name: p.name } : null
    }
    case 'assignee':
      return (t.assigneeId && people.get(t.assigneeId)) || null
    case 'author':
      return people.get(t.authorId) ?? null
    default:
      return null
  }
}
