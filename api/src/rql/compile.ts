import type { FieldDefinition } from '@domain/fields/types'
import {
  type Bound,
  type CheckedCondition,
  type CheckedExpr,
  type CheckedQuery,
  isRecordId,
  type NameBook,
  nameKey,
  nameOf,
  type Operand,
  type QueryField,
  type RqlError,
  type RqlResult,
  type RunContext,
  rangeBounds,
  resolveOperand,
  type Stored,
} from '@domain/rql'
import { and, not, or, type SQL, sql } from 'drizzle-orm'
import { tasks } from '../db/schema'
import {
  type Access,
  accessOf,
  type Column,
  containmentDoc,
  holdsList,
  indexedValue,
  type Join,
  type JsonValue,
  jsonPathParam,
  pathParam,
} from './columns'
import { jsonbLiteral } from './literal'
import { type SortKey, sortKeys } from './order'

/*
 * The SQL compiler of the task query language (PRODUCT.md §6): a query checked by domain/rql
 * (every key known, every operator allowed by the field type's filter, every value in the stored
 * shape) becomes a Drizzle `sql` condition over `tasks` and the sort keys of its `order by`.
 *
 * Every operand is bound as a parameter but the document of a custom-field equality, a jsonb
 * literal (literal.ts) the planner of a named statement must see. Conditions are two-valued where
 * it matters — a comparison with a missing value is made false (coalesce) under a negation, and
 * left bare elsewhere, where
 * NULL already excludes the row and the bare form can use an index — so `not q` is exactly the
 * tasks `q` does not match, and `!=`, `!~`, `not in` are the negations of `=`, `~`, `in` (an empty
 * value is "not equal" to anything). A key that holds a list
 * (a multiple select, a child of json rows) matches when any of its values does.
 *
 * Custom-field equality is `custom_fields @> '{…}'` so that the GIN index (jsonb_path_ops) serves it;
 * contains is ILIKE with % and _ escaped; ranges are half-open periods compared in the stored shape
 * (ISO text byte-wise, years as numbers).
 */

export interface CompileContext {
  /** The node's custom field definitions, as the query was checked against. */
  customs: readonly FieldDefinition[]
  run: RunContext
  /**
   * What the names the query uses stand for (domain/rql/names.ts), looked up by the upstream for
   * this query; without it a name is refused as an id that is not one.
   */
  names?: NameBook
}

export interface CompiledQuery {
  /** undefined: every task. */
  where: SQL | undefined
  /** At least one key; the last is always the task id (a total order, for keyset paging). */
  orderBy: SortKey[]
  /** The joins `where` and `orderBy` need. */
  joins: Set<Join>
  /** The joins `where` alone needs (a count needs no more). */
  whereJoins: Set<Join>
  /**
   * Whether `where` searches text (a contains, `~`, outside a negation): no index gives its
   * matches in a query's order, so a page may look for them among the newest tasks first
   * (services/task-walk.ts, ADR 025).
   */
  searches: boolean
  /**
   * `where` without the trigram prefilters of contains: for rows read one by one in an order (a
   * search's walk), where no index is served and the document's text is only extra work.
   */
  whereScanned: SQL | undefined
}

/** `%`, `_` and the escape itself taken literally: `~ 100%` finds "100%", not everything starting with 100. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Whether `custom_fields::text ilike %text%` is implied by a value containing the text, so it may
 * go first as a prefilter the trigram index (tasks_custom_fields_trgm) serves: the document's text
 * escapes only `"`, `\` and control characters, and a trigram needs three characters.
 */
export const docTextMayHold = (text: string) =>
  [...text].length >= 3 && [...text].every((c) => c !== '"' && c !== '\\' && c >= ' ')

const TRUE = sql`true`
const FALSE = sql`false`
const negate = (cond: SQL) => not(cond)
const anyOf = (conds: SQL[]) => (conds.length === 1 ? conds[0]! : or(...conds)!)

const EMPTY_JSON = sql`('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb)`

class Compiler {
  readonly errors: RqlError[] = []
  readonly joins = new Set<Join>()
  /** A contains outside a negation was compiled. */
  searches = false
  /** Under an odd number of negations: NULL must become false there, or `not` would drop the row too. */
  private negative = false

  constructor(
    private readonly ctx: CompileContext,
    /** Whether a contains on a custom field puts the document's ILIKE (the trigram index's) first. */
    private readonly prefilter = true,
  ) {}

  /** `not (build())`, built knowing it is negated. */
  private not(build: () => SQL): SQL {
    this.negative = !this.negative
    try {
      return negate(build())
    } finally {
      this.negative = !this.negative
    }
  }

  /**
   * A comparison that may be NULL (a missing value), made two-valued where that matters: under a
   * negation. Elsewhere NULL already acts as false — and the bare comparison can use an index.
   */
  private sure(cond: SQL): SQL {
    return this.negative ? sql`coalesce(${cond}, false)` : cond
  }

  expr(e: CheckedExpr): SQL {
    switch (e.kind) {
      case 'and':
        return sql`(${and(...e.operands.map((o) => this.expr(o)))})`
      case 'or':
        return sql`(${or(...e.operands.map((o) => this.expr(o)))})`
      case 'not':
        return this.not(() => this.expr(e.operand))
      default:
        return this.condition(e)
    }
  }

  access(field: QueryField): Access {
    const a = accessOf(field, this.ctx.customs)
    if (a.kind === 'column' && a.join) this.joins.add(a.join)
    return a
  }

  private condition(c: CheckedCondition): SQL {
    const a = this.access(c.field)
    switch (c.kind) {
      case 'empty': {
        const empty = () => this.isEmpty(a, c.field)
        return c.op === 'is empty' ? empty() : this.not(empty)
      }
      case 'in': {
        const values = [...new Set(c.operands.flatMap((o) => this.values(c.field, o)))]
        const found = () => this.equals(a, c.field, values)
        return c.op === 'in' ? found() : this.not(found)
      }
      case 'compare':
        return this.compare(a, c)
    }
  }

  private compare(a: Access, c: Extract<CheckedCondition, { kind: 'compare' }>): SQL {
    const resolved = resolveOperand(c.field, c.operand, this.ctx.run)
    if (resolved.kind === 'interval') {
      if (c.op === '~' || c.op === '!~') throw new Error('contains on a period')
      const b = rangeBounds(c.op, resolved.interval)
      const within = () => this.within(a, b.gte, b.lt)
      return b.negate ? this.not(within) : within()
    }
    const values = this.checkedValues(c.field, c.operand, resolved.value)
    const value = values[0]!
    switch (c.op) {
      case '=':
        return this.equals(a, c.field, values)
      case '!=':
        return this.not(() => this.equals(a, c.field, values))
      case '~':
        return this.contains(a, String(value))
      case '!~':
        return this.not(() => this.contains(a, String(value)))
      default:
        // Numbers alone order (NUMBER_FILTER); every other type compares by periods above.
        return this.orderNumber(a, c.op, value)
    }
  }

  private values(field: QueryField, operand: Operand): Stored[] {
    const r = resolveOperand(field, operand, this.ctx.run)
    if (r.kind !== 'value') throw new Error('a period in a list')
    return this.checkedValues(field, operand, r.value)
  }

  /**
   * What the checker cannot know: a data-backed select's value is an id, or a name that stands for
   * the ids of records (any of them matches); and PostgreSQL text holds no NUL character. Anything
   * else is refused at its place, never sent to SQL. Never empty.
   */
  private checkedValues(field: QueryField, operand: Operand, value: Stored): Stored[] {
    const refuse = (message: 'value_error.uuid' | 'rql.invalid_value' | 'rql.invalid_value.unknown_name') => {
      this.errors.push({
        code: 'rql.invalid_value',
        message,
        position: operand.span.start,
        end: operand.span.end,
        params: { field: field.name, position: operand.span.start + 1 },
      })
      return [value]
    }
    if (typeof value === 'string' && value.includes('\u0000')) return refuse('rql.invalid_value')
    const named = nameOf(field, operand)
    if (named && this.ctx.names) {
      const ids = this.ctx.names.get(nameKey(named.source, named.text))
      return ids?.length ? [...ids] : refuse('rql.invalid_value.unknown_name')
    }
    // Without a book (a caller that looks no names up), a system select takes ids alone.
    if (field.definition.settings.source && !field.custom && !isRecordId(value))
      return refuse('value_error.uuid')
    return [value]
  }

  private equals(a: Access, field: QueryField, values: Stored[]): SQL {
    if (a.kind === 'column') {
      const list = sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )
      const cond = values.length === 1 ? sql`${a.expr} = ${values[0]}` : sql`${a.expr} in (${list})`
      return a.nullable || a.join ? this.sure(cond) : cond
    }
    const boolean = field.type === 'checkbox' || field.type === 'switch'
    // An indexed field (a single value, never a list) is compared whole, as its b-tree holds it:
    // for a scalar, `=` on the value is what `@>` gives (an array or object stored there is
    // neither), but NULL for a missing value — made false under a negation.
    if (a.indexed && !boolean) {
      const x = indexedValue(a)
      const list = sql.join(
        values.map((v) => jsonbLiteral(v)),
        sql`, `,
      )
      return this.sure(values.length === 1 ? sql`${x} = ${list}` : sql`${x} in (${list})`)
    }
    return anyOf(
      values.map((v) =>
        // An unticked box is stored false or not at all (a task older than the field): "not true".
        boolean && v === false && !holdsList(a) ? negate(this.containsDoc(a, true)) : this.containsDoc(a, v),
      ),
    )
  }

  private containsDoc(a: JsonValue, value: Stored): SQL {
    return sql`${tasks.customFields} @> ${jsonbLiteral(containmentDoc(a, value))}`
  }

  private contains(a: Access, text: string): SQL {
    if (!this.negative) this.searches = true
    const pattern = likePattern(text)
    if (a.kind === 'column') {
      const cond = sql`${a.expr} ilike ${pattern}`
      return a.nullable || a.join ? this.sure(cond) : cond
    }
    const exact = this.anyJson(a, (x) => sql`(${x} #>> '{}') ilike ${pattern}`)
    return this.prefilter && docTextMayHold(text) && !this.negative
      ? sql`(${tasks.customFields}::text ilike ${pattern} and ${exact})`
      : exact
  }

  private orderNumber(a: Access, op: '>' | '>=' | '<' | '<=', value: Stored): SQL {
    if (a.kind === 'column' || typeof value !== 'number') throw new Error(`${op} on a non-number`)
    return this.anyJson(
      a,
      (x) => sql`(jsonb_typeof(${x}) = 'number' and ${x} ${sql.raw(op)} to_jsonb(${value}::numeric))`,
    )
  }

  /**
   * `gte <= v < lt` in the stored shape. Text bounds (ISO dates, times, months, quarters) compare
   * byte-wise (COLLATE "C") whatever the database's collation; years as numbers.
   */
  private within(a: Access, gte?: Bound, lt?: Bound): SQL {
    if (a.kind === 'column') {
      if (a.type !== 'timestamptz') throw new Error(`range on a ${a.type} column`)
      const parts: SQL[] = []
      if (gte !== undefined) parts.push(sql`${a.expr} >= ${gte}::timestamptz`)
      if (lt !== undefined) parts.push(sql`${a.expr} < ${lt}::timestamptz`)
      return parts.length ? sql`(${and(...parts)})` : TRUE
    }
    const numeric = typeof (gte ?? lt) === 'number'
    return this.anyJson(a, (x) => {
      const parts: SQL[] = [sql`jsonb_typeof(${x}) = ${sql.raw(numeric ? "'number'" : "'string'")}`]
      const bound = (b: Bound) => (numeric ? sql`to_jsonb(${b}::numeric)` : sql`${b}`)
      const v = numeric ? x : sql`((${x} #>> '{}') collate "C")`
      if (gte !== undefined) parts.push(sql`${v} >= ${bound(gte)}`)
      if (lt !== undefined) parts.push(sql`${v} < ${bound(lt)}`)
      return sql`(${and(...parts)})`
    })
  }

  /** A condition on a custom key's value: on the value itself, or on any item of its lists. */
  private anyJson(a: JsonValue, cond: (x: SQL) => SQL): SQL {
    if (!holdsList(a))
      return this.sure(cond(a.indexed ? indexedValue(a) : sql`(${tasks.customFields} #> ${pathParam(a)})`))
    // exists() is true or false, whatever its inner condition gives for one item.
    return sql`exists (select 1 from jsonb_path_query(${tasks.customFields}, ${jsonPathParam(a)}) as v(x) where ${cond(sql`v.x`)})`
  }

  private isEmpty(a: Access, field: QueryField): SQL {
    if (a.kind === 'column') {
      if (a.type === 'text') return sql`coalesce(btrim(${a.expr}), '') = ''`
      return a.nullable ? sql`${a.expr} is null` : FALSE
    }
    if ((field.type === 'checkbox' || field.type === 'switch') && !holdsList(a))
      return negate(this.containsDoc(a, true))
    if (!holdsList(a))
      return sql`coalesce(${tasks.customFields} #> ${pathParam(a)}, 'null'::jsonb) in ${EMPTY_JSON}`
    return negate(this.anyJson(a, (x) => sql`${x} not in ${EMPTY_JSON}`))
  }
}

/**
 * Compiles a checked query. Fails only where the checker cannot know (a data-backed select's id
 * that is not an id), with the checker's kind of error and position.
 */
export function compileQuery(q: CheckedQuery, ctx: CompileContext): RqlResult<CompiledQuery> {
  const c = new Compiler(ctx)
  const where = q.where ? c.expr(q.where) : undefined
  const whereJoins = new Set(c.joins)
  const orderBy = sortKeys(q.orderBy, (field) => c.access(field), c.joins)
  if (c.errors.length) return { ok: false, errors: c.errors }
  // Compiled again only when a walk asks for it (a search's page), once per compile.
  let scanned: { where: SQL | undefined } | undefined
  const value: CompiledQuery = {
    where,
    orderBy,
    joins: c.joins,
    whereJoins,
    searches: c.searches,
    get whereScanned() {
      scanned ??= { where: c.searches && q.where ? new Compiler(ctx, false).expr(q.where) : where }
      return scanned.where
    },
  }
  return { ok: true, value }
}

export type { Column }
