import type { Span } from './ast'
import { keywordOf, type Token } from './lexer'
import { parseWithRoles, type Role } from './parser'

/*
 * Tokens for the browser's highlighting, as the query is typed: they cover the input end to end
 * (spaces included), so a component can render them one after another and get the text back.
 * A word is coloured by what the parser made of it; past a syntax error, by a guess from its
 * neighbours, so the rest of a half-typed query still looks right.
 */

export type HighlightKind =
  | 'keyword'
  | 'field'
  | 'operator'
  | 'string'
  | 'number'
  | 'function'
  | 'relative_date'
  | 'punctuation'
  | 'whitespace'
  | 'error'

export interface HighlightToken {
  kind: HighlightKind
  text: string
  span: Span
}

const BY_TYPE: Partial<Record<Token['type'], HighlightKind>> = {
  space: 'whitespace',
  number: 'number',
  relative: 'relative_date',
  string: 'string',
  operator: 'operator',
  '(': 'punctuation',
  ')': 'punctuation',
  ',': 'punctuation',
  error: 'error',
}

const BY_ROLE: Record<Role, HighlightKind> = {
  field: 'field',
  keyword: 'keyword',
  function: 'function',
  value: 'string',
}

export function tokenize(input: string): HighlightToken[] {
  const { tokens, roles } = parseWithRoles(input)
  const solid = tokens.filter((t) => t.type !== 'space')
  const next = new Map(solid.map((t, i) => [t, solid[i + 1]]))
  return tokens.map((t) => {
    const role = roles.get(t)
    const kind = role ? BY_ROLE[role] : (BY_TYPE[t.type] ?? guess(t, next.get(t)))
    return { kind, text: t.text, span: { start: t.start, end: t.end } }
  })
}

/** A word the parser did not reach: a keyword, a key before an operator, a call, or a value. */
function guess(word: Token, after: Token | undefined): HighlightKind {
  if (keywordOf(word)) return 'keyword'
  if (after?.type === '(') return 'function'
  const op = after && (after.type === 'operator' || ['in', 'not', 'is'].includes(keywordOf(after) ?? ''))
  return op && /^[A-Za-z_][\w.]*$/.test(word.text) ? 'field' : 'string'
}
