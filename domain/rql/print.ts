import { type Condition, type Expr, KEYWORDS, type Query, type Sort, type Value } from './ast'
import { lex } from './lexer'

/*
 * Prints a tree back as canonical text: lower-case keywords, single spaces, parentheses only
 * where the tree's shape needs them, values bare when they read back as the same bare word.
 * parseQuery(printQuery(q)) gives q again (spans aside): the round trip the tests rely on, and
 * what lets the browser store a tidied query.
 */

export function printQuery(query: Query): string {
  const parts: string[] = []
  if (query.where) parts.push(printExpr(query.where))
  if (query.orderBy.length) parts.push(`order by ${query.orderBy.map(printSort).join(', ')}`)
  return parts.join(' ')
}

export function printExpr(expr: Expr): string {
  switch (expr.kind) {
    case 'or':
      // The parser makes one node of `a or b or c`: an `or` inside an `or` was parenthesised.
      return expr.operands.map((e) => wrap(e, e.kind === 'or')).join(' or ')
    case 'and':
      return expr.operands.map((e) => wrap(e, e.kind === 'or' || e.kind === 'and')).join(' and ')
    case 'not':
      return `not ${wrap(expr.operand, expr.operand.kind === 'or' || expr.operand.kind === 'and')}`
    default:
      return printCondition(expr)
  }
}

const wrap = (e: Expr, parenthesise: boolean) => (parenthesise ? `(${printExpr(e)})` : printExpr(e))

export function printCondition(c: Condition): string {
  const key = c.field.path.join('.')
  switch (c.kind) {
    case 'compare':
      return `${key} ${c.op} ${printValue(c.value)}`
    case 'in':
      return `${key} ${c.op} (${c.values.map(printValue).join(', ')})`
    case 'empty':
      return `${key} ${c.op}`
  }
}

export function printSort(s: Sort): string {
  const key = s.field.path.join('.')
  return s.direction === 'desc' ? `${key} desc` : key
}

export function printValue(v: Value): string {
  switch (v.kind) {
    case 'string':
      return isBareWord(v.value) ? v.value : quote(v.value)
    case 'number':
    case 'relative':
      return v.text
    case 'function':
      return `${v.name}()`
  }
}

const KEYWORD_SET = new Set<string>(KEYWORDS)

/** Text that lexes back as one bare word, and not a keyword (which would read as grammar). */
function isBareWord(text: string): boolean {
  const tokens = lex(text)
  return tokens.length === 1 && tokens[0].type === 'word' && !KEYWORD_SET.has(text.toLowerCase())
}

export const quote = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
