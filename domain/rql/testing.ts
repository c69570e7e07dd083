import type { FieldDefinition, FieldSettings, FieldType } from '../fields/types'
import type { Expr, Query, Sort, Value } from './ast'
import { type CheckedCompare, checkQueryText } from './check'

/*
 * Compact views of a tree for test tables (the shape at a glance, where canonical text would hide
 * how `and` and `or` nest), and a node's fields of every type to check against. Only test files
 * import this.
 */

/** `(and (= status "Open") (in cf_x [#1 @-7d me()])) order(created_at desc)`. */
export function sexpr(q: Query): string {
  const where = q.where ? expr(q.where) : '_'
  return q.orderBy.length ? `${where} order(${q.orderBy.map(sort).join(', ')})` : where
}

function expr(e: Expr): string {
  const key = 'field' in e ? e.field.path.join('.') : ''
  switch (e.kind) {
    case 'or':
    case 'and':
      return `(${e.kind} ${e.operands.map(expr).join(' ')})`
    case 'not':
      return `(not ${expr(e.operand)})`
    case 'compare':
      return `(${e.op} ${key} ${value(e.value)})`
    case 'in':
      return `(${e.op} ${key} [${e.values.map(value).join(' ')}])`
    case 'empty':
      return `(${e.op} ${key})`
  }
}

function value(v: Value): string {
  switch (v.kind) {
    case 'string':
      return JSON.stringify(v.value)
    case 'number':
      return `#${v.text}`
    case 'relative':
      return `@${v.amount}${v.unit}`
    case 'function':
      return `${v.name}()`
  }
}

const sort = (s: Sort) => `${s.field.path.join('.')} ${s.direction}`

/** A copy without spans (and the operator's span), for comparing trees made from different text. */
export function withoutSpans<T>(node: T): T {
  return JSON.parse(JSON.stringify(node, (k, v) => (k === 'span' || k === 'opSpan' ? undefined : v)))
}

// --- checking ---

export const cf = (
  name: string,
  type: FieldType,
  settings: FieldSettings = {},
  structure?: FieldDefinition[],
) => ({
  name,
  type,
  title: name,
  settings,
  ...(structure ? { structure } : {}),
})

/** One custom field of every type, plus a few settings worth telling apart. */
export const FIELDS: FieldDefinition[] = [
  ...(['text', 'textarea', 'text_copy', 'email', 'password', 'qrcode', 'code', 'editor'] as const).map((t) =>
    cf(`cf_${t}`, t),
  ),
  ...(['number', 'progress', 'phone', 'checkbox', 'switch', 'file', 'json'] as const).map((t) =>
    cf(`cf_${t}`, t),
  ),
  ...(['date', 'time', 'datetime', 'month', 'year', 'quarter'] as const).map((t) => cf(`cf_${t}`, t)),
  ...(['week', 'daterange', 'timerange', 'multidate', 'address'] as const).map((t) => cf(`cf_${t}`, t)),
  cf('cf_select', 'select', {
    options: [
      { title: 'High', value: 'high' },
      { title: 'Low', value: 2 },
    ],
  }),
  cf('cf_tags', 'select', { multiple: true, options: [{ title: 'Bug', value: 'bug' }] }),
  cf('cf_owner', 'select', { source: 'users' }),
  cf('cf_radio', 'radio', { options: [{ title: 'A', value: 'a' }] }),
  cf('cf_pin', 'code', { length: 6 }),
  cf('cf_info', 'json', {}, [cf('note', 'text'), cf('size', 'number')]),
  cf('cf_rows', 'json', { multiple: true }, [cf('label', 'text')]),
  cf('cf_place', 'address', {}, [cf('town', 'text'), cf('zip', 'number')]),
]

export function errorsOf(text: string) {
  const r = checkQueryText(text, FIELDS)
  if (r.ok) throw new Error(`${text} was accepted`)
  return r.errors.map((e) => ({ code: e.code, message: e.message, position: e.position }))
}

export function checked(text: string) {
  const r = checkQueryText(text, FIELDS)
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.errors)}`)
  return r.value
}

/** The single operand of `key op value`, without its span. */
export function operandOf(text: string) {
  const where = checked(text).where as CheckedCompare
  const { span: _, ...rest } = where.operand
  return rest
}
