import type { CatalogueCode } from '../errors/catalogue'
import type { FieldDefinition } from '../fields/types'
import type {
  CompareOperator,
  Condition,
  EmptyOperator,
  Expr,
  FieldRef,
  ListOperator,
  Query,
  Span,
  Value,
} from './ast'
import { type RqlError, type RqlResult, rqlError } from './errors'
import { fieldIndex, type QueryField } from './fields'
import { parseQuery } from './parser'
import { type Operand, toOperand } from './values'

/*
 * The checker: every key resolved to a field of the node (system, child or custom), every
 * operator allowed by that field's type (its filter in the registry, spec §5), every value made
 * into what the field stores. It reports all problems at once, in the order they appear, so the
 * browser can underline each. What it returns is what the SQL compiler needs and nothing else:
 * fields with their storage and type, operands ready to bind.
 */

export interface CheckedCompare {
  kind: 'compare'
  field: QueryField
  op: CompareOperator
  operand: Operand
  span: Span
  opSpan: Span
}

export interface CheckedIn {
  kind: 'in'
  field: QueryField
  op: ListOperator
  /** Never a period: range fields take no `in`. */
  operands: Operand[]
  span: Span
  opSpan: Span
}

export interface CheckedEmpty {
  kind: 'empty'
  field: QueryField
  op: EmptyOperator
  span: Span
  opSpan: Span
}

export type CheckedCondition = CheckedCompare | CheckedIn | CheckedEmpty

export type CheckedExpr =
  | { kind: 'and' | 'or'; operands: CheckedExpr[]; span: Span }
  | { kind: 'not'; operand: CheckedExpr; span: Span }
  | CheckedCondition

export interface CheckedSort {
  field: QueryField
  direction: 'asc' | 'desc'
  span: Span
}

export interface CheckedQuery {
  where: CheckedExpr | null
  orderBy: CheckedSort[]
  span: Span
}

/** Checks a parsed query against the node's custom field definitions (system fields are built in). */
export function checkQuery(query: Query, fields: readonly FieldDefinition[]): RqlResult<CheckedQuery> {
  const checker = new Checker(fieldIndex(fields))
  const where = query.where && checker.expr(query.where)
  const orderBy = query.orderBy.flatMap((s): CheckedSort[] => {
    const field = checker.field(s.field)
    if (!field) return []
    if (field.sortable) return [{ field, direction: s.direction, span: s.span }]
    checker.report('rql.field_not_sortable', s.field.span, s.field)
    return []
  })
  if (checker.errors.length)
    return { ok: false, errors: checker.errors.sort((a, b) => a.position - b.position) }
  return { ok: true, value: { where, orderBy, span: query.span } }
}

/** Parses and checks query text: what the upstream does with a request, and the browser as one types. */
export function checkQueryText(text: string, fields: readonly FieldDefinition[]): RqlResult<CheckedQuery> {
  const parsed = parseQuery(text)
  return parsed.ok ? checkQuery(parsed.value, fields) : parsed
}

class Checker {
  readonly errors: RqlError[] = []

  constructor(private readonly fields: Map<string, QueryField>) {}

  /** Null when anything below failed: the errors say why, and no tree is returned then. */
  expr(e: Expr): CheckedExpr | null {
    switch (e.kind) {
      case 'and':
      case 'or': {
        // Every operand is checked, so that every problem is reported, not just the first.
        const operands = e.operands.map((o) => this.expr(o))
        return operands.every((o) => o !== null) ? { kind: e.kind, operands, span: e.span } : null
      }
      case 'not': {
        const operand = this.expr(e.operand)
        return operand && { kind: 'not', operand, span: e.span }
      }
      default:
        return this.condition(e)
    }
  }

  field(ref: FieldRef): QueryField | undefined {
    const field = this.fields.get(ref.path.join('.').toLowerCase())
    if (!field) this.report('rql.unknown_field', ref.span, ref)
    return field
  }

  report(
    code: RqlError['code'],
    at: Span,
    ref: FieldRef,
    extra: Record<string, string> = {},
    message: CatalogueCode = code,
  ) {
    const params = { field: ref.path.join('.'), ...extra }
    this.errors.push(rqlError(code, message, at, { params }))
  }

  private condition(c: Condition): CheckedCondition | null {
    const field = this.field(c.field)
    if (!field) return null
    if (field.filter.kind === 'none') {
      this.report('rql.field_not_filterable', c.field.span, c.field)
      return null
    }
    if (!field.filter.operators.includes(c.op)) {
      this.report('rql.operator_not_allowed', c.opSpan, c.field, { operator: c.op })
      return null
    }
    const { span, opSpan } = c
    switch (c.kind) {
      case 'empty':
        return { kind: 'empty', field, op: c.op, span, opSpan }
      case 'compare': {
        const operand = this.operand(field, c.field, c.value)
        return operand && { kind: 'compare', field, op: c.op, operand, span, opSpan }
      }
      case 'in': {
        const operands = c.values.map((v) => this.operand(field, c.field, v))
        if (!operands.every((o) => o !== null)) return null
        return { kind: 'in', field, op: c.op, operands, span, opSpan }
      }
    }
  }

  private operand(field: QueryField, ref: FieldRef, v: Value): Operand | null {
    const operand = toOperand(field, v)
    if (!('refused' in operand)) return operand
    this.report('rql.invalid_value', v.span, ref, {}, operand.refused)
    return null
  }
}
