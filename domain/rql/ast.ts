/*
 * The syntax tree of a task query (PRODUCT.md §6), as the parser gives it: nothing is resolved
 * yet (a key is only a path, a value only what was typed). check.ts turns it into a checked tree
 * that knows each field's type. Every node carries the span of the text it came from, so the
 * browser can underline and the checker can point at the exact place.
 */

/** Offsets into the query text, 0-based UTF-16 units as JS strings count, `end` exclusive. */
export interface Span {
  start: number
  end: number
}

export type CompareOperator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | '!~'
export type ListOperator = 'in' | 'not in'
export type EmptyOperator = 'is empty' | 'is not empty'
export type FunctionName = 'me' | 'today' | 'now'
/** Relative-date units: days, weeks, months, years (`-7d`, `+2w`, `-1m`, `+1y`). */
export type DateUnit = 'd' | 'w' | 'm' | 'y'

/** A key: `status`, `cf_points`, or a dotted child (`assignee.contacts.email`) — as written. */
export interface FieldRef {
  kind: 'field'
  path: string[]
  span: Span
}

/** A quoted string (escapes decoded) or a bare word: both mean the same text. */
export interface StringValue {
  kind: 'string'
  value: string
  span: Span
}

/** `text` is kept as typed: a text field searched for `5.10` must not look for `5.1`. */
export interface NumberValue {
  kind: 'number'
  value: number
  text: string
  span: Span
}

/** `-7d` is seven days ago, `+2w` in two weeks; resolved against the clock when the query runs. */
export interface RelativeDate {
  kind: 'relative'
  amount: number
  unit: DateUnit
  text: string
  span: Span
}

export interface FunctionCall {
  kind: 'function'
  name: FunctionName
  span: Span
}

export type Value = StringValue | NumberValue | RelativeDate | FunctionCall

export interface Comparison {
  kind: 'compare'
  field: FieldRef
  op: CompareOperator
  opSpan: Span
  value: Value
  span: Span
}

export interface Membership {
  kind: 'in'
  field: FieldRef
  op: ListOperator
  opSpan: Span
  /** At least one. */
  values: Value[]
  span: Span
}

export interface Emptiness {
  kind: 'empty'
  field: FieldRef
  op: EmptyOperator
  opSpan: Span
  span: Span
}

export type Condition = Comparison | Membership | Emptiness

/**
 * `a and b and c` is one node of three operands (at least two). Parentheses leave no node: they
 * only shape the tree, and the printer puts them back where the shape needs them.
 */
export interface And {
  kind: 'and'
  operands: Expr[]
  span: Span
}

export interface Or {
  kind: 'or'
  operands: Expr[]
  span: Span
}

export interface Not {
  kind: 'not'
  operand: Expr
  span: Span
}

export type Expr = Or | And | Not | Condition

export interface Sort {
  kind: 'sort'
  field: FieldRef
  /** 'asc' when none is written. */
  direction: 'asc' | 'desc'
  span: Span
}

export interface Query {
  kind: 'query'
  /** null: every task (an empty query, or one with only `order by`). */
  where: Expr | null
  orderBy: Sort[]
  span: Span
}

/** Words with a meaning in the grammar, in any case. As values they must be quoted. */
export const KEYWORDS = ['and', 'or', 'not', 'in', 'is', 'empty', 'order', 'by', 'asc', 'desc'] as const

export const FUNCTIONS: readonly FunctionName[] = ['me', 'today', 'now']
