import type { CheckedExpr, CheckedQuery } from './check'
import type { QueryField } from './fields'
import type { Operand } from './values'

/*
 * Records written by their names (PRODUCT.md §6, issue 24): a status, a process, a team or a
 * person is stored by id, but people write what they see — `status = "In progress"`, `process =
 * TASK`, `assignee = Petrov`. The checker keeps such a value as typed; here the query tells which
 * of its values are names, and the compiler reads what they stand for from a `NameBook` the
 * upstream fills from the node's configuration and people. A name that stands for several records
 * (two people called Petrov) matches any of them, as JQL does; one that stands for none is refused
 * at its place.
 */

/** The sources of data-backed selects (domain/fields/settings.ts SELECT_SOURCES). */
export type NameSource = 'statuses' | 'processes' | 'users' | 'teams'

const SOURCES: readonly string[] = ['statuses', 'processes', 'users', 'teams']

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a value already is a record's id (a uuid), as the API and the widget editor write it. */
export const isRecordId = (value: unknown) => typeof value === 'string' && RECORD_ID.test(value)

/** The source a field's values are ids of, when it is a data-backed select. */
export function nameSourceOf(field: QueryField): NameSource | undefined {
  const source = field.definition.settings.source
  return field.filter.kind === 'option' && source && SOURCES.includes(source)
    ? (source as NameSource)
    : undefined
}

export interface NamedValue {
  source: NameSource
  /** As typed (trimmed); looked up in any case. */
  text: string
}

/** Ids by `nameKey(source, text)`; a name with no record is absent. */
export type NameBook = ReadonlyMap<string, readonly string[]>

export const nameKey = (source: NameSource, text: string) => `${source}\u0000${text.trim().toLowerCase()}`

/** The operand's text when it is a name to look up: a data-backed select's value that is not an id. */
export function nameOf(field: QueryField, operand: Operand): NamedValue | undefined {
  const source = nameSourceOf(field)
  if (!source || operand.kind !== 'value' || typeof operand.value !== 'string') return undefined
  return isRecordId(operand.value) ? undefined : { source, text: operand.value }
}

/** Every name a checked query uses, once each: what the upstream must look up before compiling. */
export function namedValues(query: CheckedQuery): NamedValue[] {
  const found = new Map<string, NamedValue>()
  const visit = (e: CheckedExpr) => {
    switch (e.kind) {
      case 'and':
      case 'or':
        e.operands.forEach(visit)
        return
      case 'not':
        visit(e.operand)
        return
      case 'empty':
        return
      default:
        for (const operand of e.kind === 'compare' ? [e.operand] : e.operands) {
          const named = nameOf(e.field, operand)
          const key = named && nameKey(named.source, named.text)
          if (named && key && !found.has(key)) found.set(key, named)
        }
    }
  }
  if (query.where) visit(query.where)
  return [...found.values()]
}
