import { DEFAULT_ADDRESS_STRUCTURE } from '@domain/fields/kinds/composites'
import type { FieldDefinition } from '@domain/fields/types'
import type { QueryField } from '@domain/rql'
import { and, eq, type SQL, sql } from 'drizzle-orm'
import { alias, type PgTable } from 'drizzle-orm/pg-core'
import { processes, progressStatuses, statuses, tasks, users } from '../db/schema'

/*
 * Where each query key lives in SQL. System keys are columns of `tasks` or of the rows it points
 * at (a join is added only when a query names such a child: `status.name`, `assignee.contacts.email`);
 * custom keys are paths into `tasks.custom_fields`, with the places where a value is a list (a
 * multiple select, rows of a json field) known from the node's definitions. Paths are bound as
 * parameters like values: nothing a request sends is ever part of the SQL text but the document of
 * a custom-field equality, quoted by literal.ts.
 */

export const st = alias(statuses, 'st')
export const pr = alias(processes, 'pr')
export const ps = alias(progressStatuses, 'ps')
export const assigneeUser = alias(users, 'assignee_u')
export const authorUser = alias(users, 'author_u')
type UserAlias = typeof assigneeUser | typeof authorUser

/** The rows a query may need beside tasks; `position` is the status's place in the process's progress. */
export type Join = 'status' | 'process' | 'position' | 'assignee' | 'author'

export function joinClauses(joins: ReadonlySet<Join>) {
  const out: { table: PgTable; on: SQL }[] = []
  if (joins.has('status'))
    out.push({ table: st, on: and(eq(st.nodeId, tasks.nodeId), eq(st.id, tasks.statusId))! })
  if (joins.has('process') || joins.has('position'))
    out.push({ table: pr, on: and(eq(pr.nodeId, tasks.nodeId), eq(pr.id, tasks.processId))! })
  if (joins.has('position'))
    out.push({
      table: ps,
      on: and(
        eq(ps.nodeId, tasks.nodeId),
        eq(ps.progressId, pr.progressId),
        eq(ps.statusId, tasks.statusId),
      )!,
    })
  if (joins.has('assignee')) out.push({ table: assigneeUser, on: eq(assigneeUser.id, tasks.assigneeId) })
  if (joins.has('author')) out.push({ table: authorUser, on: eq(authorUser.id, tasks.authorId) })
  return out
}

/** A value of a SQL type: text (compared byte-wise where it orders), uuid or timestamptz. */
export interface Column {
  kind: 'column'
  expr: SQL
  type: 'text' | 'uuid' | 'timestamptz'
  nullable: boolean
  join?: Join
}

/**
 * A value under custom_fields: `segments` from the top, `lists[i]` when the value at segments[i] is
 * a list (rows of a json field, the options of a multiple select) and a condition matches any item.
 */
export interface JsonValue {
  kind: 'json'
  segments: string[]
  lists: boolean[]
  /** A whole field whose value an index serves (services/field-indexes.ts): read as `indexedValue`. */
  indexed?: boolean
}

export type Access = Column | JsonValue

const text = (expr: SQL, nullable: boolean, join?: Join): Column => ({
  kind: 'column',
  expr,
  type: 'text',
  nullable,
  join,
})

/** `full_name` as PRODUCT.md §3 builds it: "surname name middlename", trimmed, else the e-mail. */
export function fullNameOf(u: UserAlias): SQL {
  const part = (k: string) => sql`nullif(btrim(${u.fio} ->> ${sql.raw(`'${k}'`)}), '')`
  return sql`coalesce(nullif(concat_ws(' ', ${part('surname')}, ${part('name')}, ${part('middlename')}), ''), ${u.email})`
}

function userChild(u: UserAlias, join: Join, path: string): Column | undefined {
  switch (path) {
    case 'id':
      return undefined
    case 'user_name':
      return text(sql`${u.email}`, true, join)
    case 'full_name':
      return text(fullNameOf(u), true, join)
    case 'fio.name':
    case 'fio.surname':
    case 'fio.middlename':
      return text(sql`(${u.fio} ->> ${sql.raw(`'${path.slice(4)}'`)})`, true, join)
    case 'contacts.email':
      // As the API shows it: the contact address, else the sign-in address.
      return text(sql`coalesce(nullif(${u.contacts} ->> 'email', ''), ${u.email})`, true, join)
    case 'contacts.phone':
      return text(sql`(${u.contacts} ->> 'phone')`, true, join)
  }
  throw new Error(`No column for a user's ${path}`)
}

/** The HTML of the description with its tags removed: a word is searched in what people read. */
export const descriptionText = sql`regexp_replace(${tasks.description}, '<[^>]*>', '', 'g')`

function systemAccess(field: QueryField): Column {
  const path = field.path.join('.')
  const id = (expr: SQL, nullable: boolean): Column => ({ kind: 'column', expr, type: 'uuid', nullable })
  switch (field.root) {
    case 'title':
      return text(sql`${tasks.title}`, false)
    case 'description':
      return text(descriptionText, false)
    case 'key':
      return text(sql`${tasks.key}`, false)
    case 'created_at':
      return { kind: 'column', expr: sql`${tasks.createdAt}`, type: 'timestamptz', nullable: false }
    case 'updated_at':
      return { kind: 'column', expr: sql`${tasks.updatedAt}`, type: 'timestamptz', nullable: false }
    case 'status':
      if (!path || path === 'id') return id(sql`${tasks.statusId}`, false)
      if (path === 'name') return text(sql`${st.name}`, false, 'status')
      if (path === 'description') return text(sql`${st.description}`, false, 'status')
      break
    case 'process':
      if (!path || path === 'id') return id(sql`${tasks.processId}`, false)
      if (path === 'key') return text(sql`${pr.key}`, false, 'process')
      if (path === 'name') return text(sql`${pr.name}`, false, 'process')
      if (path === 'description') return text(sql`${pr.description}`, false, 'process')
      break
    case 'assignee':
      return (
        (!path || path === 'id' ? undefined : userChild(assigneeUser, 'assignee', path)) ??
        id(sql`${tasks.assigneeId}`, true)
      )
    case 'author':
      return (
        (!path || path === 'id' ? undefined : userChild(authorUser, 'author', path)) ??
        id(sql`${tasks.authorId}`, false)
      )
  }
  throw new Error(`No column for the query key ${field.name}`)
}

/** Names in paths are the definitions' (cf_ + snake case); anything else is a bug, never bound blindly. */
const SAFE_SEGMENT = /^[A-Za-z0-9_]+$/

const isList = (d: FieldDefinition) => d.settings.multiple === true

const childrenOf = (d: FieldDefinition) =>
  d.structure?.length ? d.structure : d.type === 'address' ? DEFAULT_ADDRESS_STRUCTURE : []

/** Where a custom key's values sit in custom_fields, read from the node's definitions. */
function jsonAccess(field: QueryField, customs: readonly FieldDefinition[]): JsonValue {
  const root = customs.find((d) => d.name.toLowerCase() === field.root.toLowerCase())
  if (!root) throw new Error(`No definition for ${field.root}`)
  const segments = root.name.split('.')
  const lists = segments.map((_, i) => i === segments.length - 1 && isList(root))
  let current = root
  let rest = field.path
  while (rest.length) {
    const child = childrenOf(current).find((c) => {
      const parts = c.name.split('.')
      return parts.every((p, i) => rest[i]?.toLowerCase() === p.toLowerCase())
    })
    if (!child) throw new Error(`No child ${rest.join('.')} in ${current.name}`)
    const parts = child.name.split('.')
    segments.push(...parts)
    lists.push(...parts.map((_, i) => i === parts.length - 1 && isList(child)))
    rest = rest.slice(parts.length)
    current = child
  }
  for (const s of segments) if (!SAFE_SEGMENT.test(s)) throw new Error(`Unsafe field name ${s}`)
  const indexed = root.indexed === true && field.path.length === 0 && !lists.some(Boolean)
  return { kind: 'json', segments, lists, ...(indexed ? { indexed } : {}) }
}

export function accessOf(field: QueryField, customs: readonly FieldDefinition[]): Access {
  return field.custom ? jsonAccess(field, customs) : systemAccess(field)
}

/**
 * The value of an indexed field as its index holds it: the path is written into the text (an
 * index expression matches a constant, never a parameter), from segments checked here again;
 * JSON null is NULL, as `order by` has always read a custom field.
 */
export function indexedValueText(segments: readonly string[], column = 'custom_fields'): string {
  for (const s of segments) if (!SAFE_SEGMENT.test(s)) throw new Error(`Unsafe field name ${s}`)
  return `nullif(${column} #> '{${segments.join(',')}}'::text[], 'null'::jsonb)`
}

/** indexedValueText over `tasks.custom_fields` in a query. */
export const indexedValue = (v: JsonValue) =>
  sql`nullif(${tasks.customFields} #> ${sql.raw(`'{${v.segments.join(',')}}'::text[]`)}, 'null'::jsonb)`

/** `'{a,b}'` for `#>`, bound as a parameter. */
export const pathParam = (v: JsonValue) => sql`${`{${v.segments.join(',')}}`}::text[]`

/** The SQL/JSON path of every value of a list-holding key (lax mode), bound as a parameter. */
export const jsonPathParam = (v: JsonValue) =>
  sql`${`$${v.segments.map((s, i) => `."${s}"${v.lists[i] ? '[*]' : ''}`).join('')}`}::jsonpath`

/** The document `custom_fields @> doc` looks for: the value at the key's place, lists wrapped. */
export function containmentDoc(v: JsonValue, value: unknown): Record<string, unknown> {
  let doc: unknown = value
  for (let i = v.segments.length - 1; i >= 0; i--) doc = { [v.segments[i]!]: v.lists[i] ? [doc] : doc }
  return doc as Record<string, unknown>
}

export const holdsList = (v: JsonValue) => v.lists.some(Boolean)
