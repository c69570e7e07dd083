import type { CatalogueCode } from '../errors/catalogue'
import { type CompareOperator, KEYWORDS } from './ast'

/*
 * Splits a query into tokens that cover it end to end (spaces and bad text included), so the
 * highlighter can colour every character and the parser can point at any of them. The lexer never
 * fails: text it cannot read becomes an `error` token carrying the reason, and the parser reports
 * it when it gets there — so the first error reported is always the leftmost.
 */

export type TokenType =
  | 'space'
  | 'word'
  | 'number'
  | 'relative'
  | 'string'
  | 'operator'
  | '('
  | ')'
  | ','
  | 'error'
  | 'end'

export interface Token {
  type: TokenType
  start: number
  end: number
  /** The source text of the token. */
  text: string
  /** string: the decoded text; everything else: as `text`. */
  value: string
  /** error tokens: why, and where exactly (a bad escape sits inside its string). */
  error?: { message: CatalogueCode; position: number }
}

export const OPERATORS: readonly CompareOperator[] = ['=', '!=', '>', '>=', '<', '<=', '~', '!~']

const KEYWORD_SET = new Set<string>(KEYWORDS)

/** A keyword, in any case; dotted words (`order.by`) are keys, never keywords. */
export const keywordOf = (t: Token): string | undefined =>
  t.type === 'word' && KEYWORD_SET.has(t.text.toLowerCase()) ? t.text.toLowerCase() : undefined

const SPACE = /\s+/y
const OPERATOR_RUN = /[=!<>~]+/y
/**
 * A bare word is any run of characters with no other role: field names, but also values such as
 * `2024-01-31`, `31.01.2024`, `DEV-12`, `ivan@example.com` or `Открыта`, written without quotes.
 * `'` is left out so that text in single quotes is refused rather than read with its quotes.
 */
const WORD = /[^\s()",=!<>~'\p{Cc}]+/uy
const NUMBER = /^[+-]?\d+(?:\.\d+)?$/
const RELATIVE = /^[+-]\d+[dwmy]$/i

export function lex(input: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  const push = (type: TokenType, end: number, value?: string, error?: Token['error']) => {
    const text = input.slice(i, end)
    const token: Token = { type, start: i, end, text, value: value ?? text }
    if (error) token.error = error
    tokens.push(token)
    i = end
  }
  const match = (re: RegExp) => {
    re.lastIndex = i
    return re.exec(input)?.[0]
  }
  while (i < input.length) {
    const c = input[i]
    const space = match(SPACE)
    if (space) {
      push('space', i + space.length)
    } else if (c === '(' || c === ')' || c === ',') {
      push(c, i + 1)
    } else if (c === '"') {
      const s = readString(input, i)
      push(s.error ? 'error' : 'string', s.end, s.value, s.error)
    } else {
      const run = match(OPERATOR_RUN)
      if (run) {
        const known = (OPERATORS as readonly string[]).includes(run)
        push(
          known ? 'operator' : 'error',
          i + run.length,
          run,
          known ? undefined : { message: 'rql.syntax_error.unknown_operator', position: i },
        )
        continue
      }
      const word = match(WORD)
      if (word) {
        push(NUMBER.test(word) ? 'number' : RELATIVE.test(word) ? 'relative' : 'word', i + word.length)
      } else {
        // A single quote or a control character. A whole code point, so a token never splits one.
        const width = (input.codePointAt(i) ?? 0) > 0xffff ? 2 : 1
        push('error', i + width, undefined, { message: 'rql.syntax_error.unexpected_character', position: i })
      }
    }
  }
  return tokens
}

/** A "quoted string" from `start` (its opening quote): `\"` and `\\` are the only escapes. */
function readString(
  input: string,
  start: number,
): { end: number; value: string; error?: { message: CatalogueCode; position: number } } {
  let value = ''
  let error: { message: CatalogueCode; position: number } | undefined
  let i = start + 1
  while (i < input.length) {
    const c = input[i]
    if (c === '"') return { end: i + 1, value, error }
    if (c === '\\' && i + 1 < input.length) {
      const next = input[i + 1]
      if (next === '"' || next === '\\') value += next
      else error ??= { message: 'rql.syntax_error.invalid_escape', position: i }
      i += 2
    } else {
      value += c
      i += 1
    }
  }
  // Not closed: point at the opening quote, which is what the user has to look for.
  return {
    end: input.length,
    value,
    error: { message: 'rql.syntax_error.unterminated_string', position: start },
  }
}
