import type { Expr, Query, Sort, Value } from './ast'

/*
 * Compact views of a tree for test tables: the shape at a glance, where canonical text would hide
 * how `and` and `or` nest. Only test files import this.
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
