import { createHash } from 'node:crypto'
import type { CheckedSort, QueryField } from '@domain/rql'
import { and, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import { tasks } from '../db/schema'
import {
  type Access,
  assigneeUser,
  authorUser,
  fullNameOf,
  indexedValue,
  type Join,
  pathParam,
  pr,
  ps,
} from './columns'

/*
 * `order by` and keyset paging. Every order ends with the task id, so rows never tie and a page
 * boundary is exact. A cursor carries the sort values of the last row as the database printed them
 * (text), so timestamps keep their microseconds; they are bound back with their type. NULLs sort
 * last ascending and first descending (PostgreSQL's own default), and the keyset condition follows.
 */

export type SortType = 'text' | 'uuid' | 'timestamptz' | 'integer' | 'jsonb'

export interface SortKey {
  /** For the cursor's fingerprint: which key and how. */
  name: string
  expr: SQL
  type: SortType
  direction: 'asc' | 'desc'
  nullable: boolean
}

const idKey = (direction: 'asc' | 'desc'): SortKey => ({
  name: 'id',
  expr: sql`${tasks.id}`,
  type: 'uuid',
  direction,
  nullable: false,
})

/** What `order by <field>` orders by: the compiler's choice for records, the value for the rest. */
function keysOf(
  field: QueryField,
  direction: 'asc' | 'desc',
  access: (f: QueryField) => Access,
  joins: Set<Join>,
): SortKey[] {
  const key = (expr: SQL, type: SortType, nullable: boolean, suffix = ''): SortKey => ({
    name: `${field.name}${suffix}`,
    expr,
    type,
    direction,
    nullable,
  })
  if (!field.custom && field.path.length === 0)
    switch (field.root) {
      case 'status':
        // The status's place in its progress: "open" before "done", as the board shows them.
        joins.add('position')
        return [key(sql`${ps.position}`, 'integer', true)]
      case 'process':
        joins.add('process')
        return [key(sql`${pr.key}`, 'text', false)]
      case 'assignee':
      case 'author': {
        const u = field.root === 'assignee' ? assigneeUser : authorUser
        joins.add(field.root)
        return [key(fullNameOf(u), 'text', true)]
      }
      case 'key':
        // DEV-2 before DEV-10: the process key, then the number.
        return [
          key(sql`split_part(${tasks.key}, '-', 1)`, 'text', false),
          key(sql`${tasks.number}`, 'integer', false, '#'),
        ]
    }
  const a = access(field)
  if (a.kind === 'json')
    // An indexed field's value as its index holds it (the same value: the path a constant).
    return [
      key(
        a.indexed ? indexedValue(a) : sql`nullif(${tasks.customFields} #> ${pathParam(a)}, 'null'::jsonb)`,
        'jsonb',
        true,
      ),
    ]
  return [key(a.expr, a.type, a.nullable || a.join !== undefined)]
}

/** The keys of an `order by`, newest change first when there is none, the id always last. */
export function sortKeys(
  sorts: readonly CheckedSort[],
  access: (f: QueryField) => Access,
  joins: Set<Join>,
): SortKey[] {
  const keys = sorts.flatMap((s) => keysOf(s.field, s.direction, access, joins))
  if (keys.length === 0)
    keys.push({
      name: 'updated_at',
      expr: sql`${tasks.updatedAt}`,
      type: 'timestamptz',
      direction: 'desc',
      nullable: false,
    })
  return [...keys, idKey(keys[keys.length - 1]!.direction)]
}

/**
 * Nullable keys: NULLs last ascending, first descending (what keysetAfter assumes). Keys that are
 * never NULL say the opposite, which changes nothing for them but matches the indexes Drizzle
 * makes (`DESC NULLS LAST`, read backwards for ascending), so an ordered index scan serves them.
 */
export const orderByClause = (keys: SortKey[]) =>
  keys.map((k) => {
    const nulls = k.nullable === (k.direction === 'asc') ? 'nulls last' : 'nulls first'
    return sql`${k.expr} ${sql.raw(`${k.direction} ${nulls}`)}`
  })

/** A cursor's value: its text, or a placeholder for it in a statement kept for every cursor (task-page-memo.ts). */
export type CursorValue = string | Placeholder

const typed = (value: CursorValue, type: SortType) => sql`${value}::${sql.raw(type)}`

/**
 * Rows strictly after the one whose sort values are `values` (nulls last ascending, first
 * descending). Which values are NULL shapes the text; the others are parameters.
 */
export function keysetAfter(keys: SortKey[], values: (CursorValue | null)[]): SQL {
  // All keys present and in one direction: a row comparison, which an index on them serves.
  if (keys.every((k) => !k.nullable) && keys.every((k) => k.direction === keys[0]!.direction)) {
    const left = sql.join(
      keys.map((k) => k.expr),
      sql`, `,
    )
    const right = sql.join(
      keys.map((k, i) => typed(values[i]!, k.type)),
      sql`, `,
    )
    return sql`(${left}) ${sql.raw(keys[0]!.direction === 'asc' ? '>' : '<')} (${right})`
  }
  const equal = (k: SortKey, v: CursorValue | null) =>
    v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${typed(v, k.type)}`
  const after = (k: SortKey, v: CursorValue | null): SQL => {
    if (k.direction === 'asc')
      return v === null ? sql`false` : sql`(${k.expr} > ${typed(v, k.type)} or ${k.expr} is null)`
    return v === null ? sql`${k.expr} is not null` : sql`${k.expr} < ${typed(v, k.type)}`
  }
  const branches = keys.map((k, i) =>
    and(...keys.slice(0, i).map((p, j) => equal(p, values[j]!)), after(k, values[i]!)),
  )
  return sql`(${or(...branches)})`
}

// ---- cursors ----

/** Per order (a kept compiled query's: task-page-memo.ts), its fingerprint, hashed once. */
const fingerprints = new WeakMap<SortKey[], string>()

function fingerprint(keys: SortKey[]): string {
  let f = fingerprints.get(keys)
  if (f === undefined) {
    f = createHash('sha256')
      .update(keys.map((k) => `${k.name}:${k.direction}`).join('|'))
      .digest('base64url')
      .slice(0, 10)
    fingerprints.set(keys, f)
  }
  return f
}

/** A query's total as a walk carries it: `exact` false when counting stopped at `total` (more match). */
export interface CarriedTotal {
  total: number
  exact: boolean
}

/**
 * Opaque to clients: base64url of the order's fingerprint, the last row's sort values and, when
 * given, the query's total as the walk's first page counted it (a keyset walk counts once; `m`
 * marks a total counted no further than a cap).
 */
export function encodeCursor(keys: SortKey[], values: (string | null)[], total?: CarriedTotal): string {
  const body = {
    o: fingerprint(keys),
    v: values,
    ...(total && { t: total.total, ...(total.exact ? {} : { m: 1 }) }),
  }
  return Buffer.from(JSON.stringify(body)).toString('base64url')
}

/** The total a cursor carries (see encodeCursor), when it carries a sane one. */
export function cursorTotal(cursor: string): CarriedTotal | undefined {
  try {
    const { t, m } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      t?: unknown
      m?: unknown
    }
    return typeof t === 'number' && Number.isSafeInteger(t) && t >= 0
      ? { total: t, exact: m !== 1 }
      : undefined
  } catch {
    return undefined
  }
}

const SHAPES: Record<SortType, (v: string) => boolean> = {
  text: () => true,
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  timestamptz: (v) =>
    /^\d{4,}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/.test(v),
  integer: (v) => /^-?\d{1,10}$/.test(v),
  jsonb: (v) => {
    try {
      JSON.parse(v)
      return true
    } catch {
      return false
    }
  },
}

/**
 * The sort values a cursor carries, when it was made for this order and each value has its key's
 * shape (so that binding it can never fail in the database); undefined otherwise.
 */
export function decodeCursor(keys: SortKey[], cursor: string): (string | null)[] | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { o, v } = parsed as { o?: unknown; v?: unknown }
  if (o !== fingerprint(keys) || !Array.isArray(v) || v.length !== keys.length) return undefined
  const ok = v.every(
    (x, i) => (x === null && keys[i]!.nullable) || (typeof x === 'string' && SHAPES[keys[i]!.type](x)),
  )
  return ok ? (v as (string | null)[]) : undefined
}
