import type { CatalogueCode } from '../errors/catalogue'
import {
  type CompareOperator,
  type DateUnit,
  type Expr,
  type FieldRef,
  FUNCTIONS,
  type FunctionName,
  type Query,
  type Sort,
  type Span,
  type Value,
} from './ast'
import { type RqlError, type RqlResult, rqlError } from './errors'
import { keywordOf, lex, OPERATORS, type Token } from './lexer'

/*
 * A hand-written recursive-descent parser for the grammar of PRODUCT.md §6, one function per rule:
 *
 *   query  := expr? ("order by" sort ("," sort)*)?
 *   expr   := term ("or" term)*          term := factor ("and" factor)*
 *   factor := "not" factor | "(" expr ")" | cond
 *   cond   := key op value | key ("in" | "not in") list | key "is" "not"? "empty"
 *   sort   := key ("asc" | "desc")?
 *
 * It stops at the first error, which is the leftmost one: the lexer's bad text surfaces only when
 * the parser reaches it. Failing is a thrown Failure caught in parseQuery, so no other exception
 * leaves this module.
 */

/** Longer queries are refused before parsing: a widget's query is a line, not a document. */
export const MAX_QUERY_LENGTH = 10_000
/** Parentheses and `not` nest at most this deep, so a hostile query cannot exhaust the stack. */
export const MAX_DEPTH = 40

/** What each word turned out to be, for the highlighter (a bare value is a 'value'). */
export type Role = 'field' | 'keyword' | 'function' | 'value'

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*$/
const OPERATOR_NAMES = [...OPERATORS, 'in', 'not in', 'is empty', 'is not empty']

class Failure {
  constructor(readonly error: RqlError) {}
}

export function parseQuery(input: string): RqlResult<Query> {
  return parseWithRoles(input).result
}

/** The parse, with every token of the input and what the parser took each word for. */
export function parseWithRoles(input: string): {
  result: RqlResult<Query>
  tokens: Token[]
  roles: Map<Token, Role>
} {
  const tokens = lex(input)
  const parser = new Parser(input, tokens)
  const done = (result: RqlResult<Query>) => ({ result, tokens, roles: parser.roles })
  try {
    if (input.length > MAX_QUERY_LENGTH)
      parser.fail('rql.syntax_error.too_complex', { start: MAX_QUERY_LENGTH, end: input.length })
    return done({ ok: true, value: parser.query() })
  } catch (e) {
    if (e instanceof Failure) return done({ ok: false, errors: [e.error] })
    throw e
  }
}

class Parser {
  readonly roles = new Map<Token, Role>()
  private readonly tokens: Token[]
  private i = 0
  /** End of the last token taken: where a node that ends here ends. */
  private last = 0

  constructor(
    private readonly input: string,
    all: Token[],
  ) {
    this.tokens = all.filter((t) => t.type !== 'space')
    const n = input.length
    this.tokens.push({ type: 'end', start: n, end: n, text: '', value: '' })
  }

  query(): Query {
    const where = this.atEnd() || this.atOrder() ? null : this.or(0)
    const orderBy: Sort[] = []
    if (this.atOrder()) {
      this.take('keyword')
      if (this.keyword() !== 'by') this.unexpected('rql.syntax_error.expected_by', ['by'])
      this.take('keyword')
      do orderBy.push(this.sort())
      while (this.skip(','))
    }
    if (!this.atEnd()) {
      // Only a query with a condition or a sort key gets here: anything else begins one of them.
      const previous = keywordOf(this.tokens[this.i - 1])
      const directed = previous === 'asc' || previous === 'desc'
      const expected = !orderBy.length
        ? ['and', 'or', 'order by', 'end']
        : directed
          ? [',', 'end']
          : ['asc', 'desc', ',', 'end']
      this.unexpected('rql.syntax_error.trailing_input', expected)
    }
    return { kind: 'query', where, orderBy, span: { start: 0, end: this.input.length } }
  }

  private or(depth: number): Expr {
    return this.chain('or', () => this.and(depth))
  }

  private and(depth: number): Expr {
    return this.chain('and', () => this.factor(depth))
  }

  /** `x word y word z` as one node of all operands; a single operand is itself. */
  private chain(word: 'or' | 'and', operand: () => Expr): Expr {
    const start = this.peek().start
    const operands = [operand()]
    while (this.keyword() === word) {
      this.take('keyword')
      operands.push(operand())
    }
    return operands.length === 1 ? operands[0] : { kind: word, operands, span: this.spanFrom(start) }
  }

  private factor(depth: number): Expr {
    const t = this.peek()
    if (depth >= MAX_DEPTH) this.fail('rql.syntax_error.too_complex', t)
    if (this.keyword() === 'not') {
      this.take('keyword')
      return { kind: 'not', operand: this.factor(depth + 1), span: this.spanFrom(t.start) }
    }
    if (t.type === '(') {
      this.take()
      if (this.peek().type === ')') this.fail('rql.syntax_error.empty_parentheses', this.through(t))
      const inner = this.or(depth + 1)
      if (!this.skip(')'))
        this.unexpected('rql.syntax_error.expected_closing_parenthesis', [')', 'and', 'or'])
      return inner
    }
    return this.condition()
  }

  private condition(): Expr {
    const field = this.field()
    const t = this.peek()
    if (t.type === 'operator') {
      this.take()
      const value = this.value(false)
      const op = t.value as CompareOperator
      return { kind: 'compare', field, op, opSpan: span(t), value, span: this.spanFrom(field.span.start) }
    }
    const word = this.keyword()
    if (word === 'in' || word === 'not') {
      this.take('keyword')
      if (word === 'not' && this.keyword() !== 'in')
        this.unexpected('rql.syntax_error.expected_operator', ['in'])
      if (word === 'not') this.take('keyword')
      const opSpan = this.spanFrom(t.start)
      const values = this.list()
      const op = word === 'in' ? 'in' : 'not in'
      return { kind: 'in', field, op, opSpan, values, span: this.spanFrom(field.span.start) }
    }
    if (word === 'is') {
      this.take('keyword')
      const not = this.keyword() === 'not'
      if (not) this.take('keyword')
      if (this.keyword() !== 'empty')
        this.unexpected('rql.syntax_error.expected_empty', not ? ['empty'] : ['not', 'empty'])
      this.take('keyword')
      const [op, opSpan] = [not ? 'is not empty' : 'is empty', this.spanFrom(t.start)] as const
      return { kind: 'empty', field, op, opSpan, span: this.spanFrom(field.span.start) }
    }
    return this.unexpected('rql.syntax_error.expected_operator', OPERATOR_NAMES)
  }

  private field(): FieldRef {
    const t = this.peek()
    if (t.type !== 'word' || keywordOf(t) || !IDENTIFIER.test(t.text))
      this.unexpected('rql.syntax_error.expected_field', ['field'])
    this.take('field')
    return { kind: 'field', path: t.text.split('.'), span: span(t) }
  }

  /** `( value, value… )`: at least one value. */
  private list(): Value[] {
    const open = this.peek()
    if (open.type !== '(') this.unexpected('rql.syntax_error.expected_list', ['('])
    this.take()
    if (this.peek().type === ')') this.fail('rql.syntax_error.empty_parentheses', this.through(open))
    const values: Value[] = []
    do values.push(this.value(true))
    while (this.skip(','))
    if (!this.skip(')')) this.unexpected('rql.syntax_error.expected_closing_parenthesis', [',', ')'])
    return values
  }

  private value(inList: boolean): Value {
    const t = this.peek()
    switch (t.type) {
      case 'string':
        this.take()
        return { kind: 'string', value: t.value, span: span(t) }
      case 'number':
        this.take()
        // `|| 0`: '-0' is the number zero, not a negative zero that compares unequal in tests.
        return { kind: 'number', value: Number(t.text) || 0, text: t.text, span: span(t) }
      case 'relative': {
        this.take()
        const amount = Number.parseInt(t.text.slice(0, -1), 10) || 0
        const unit = t.text.slice(-1).toLowerCase() as DateUnit
        return { kind: 'relative', amount, unit, text: t.text, span: span(t) }
      }
      case 'word':
        if (keywordOf(t)) break
        if (this.peek(1).type === '(') return this.call()
        this.take('value')
        return { kind: 'string', value: t.text, span: span(t) }
      case '(':
        if (!inList) this.fail('rql.syntax_error.list_not_allowed', span(t))
    }
    return this.unexpected('rql.syntax_error.missing_value', ['value'])
  }

  /** `me()`, `today()`, `now()`: no arguments, any case. */
  private call(): Value {
    const t = this.peek()
    const name = t.text.toLowerCase() as FunctionName
    if (!FUNCTIONS.includes(name))
      this.fail('rql.syntax_error.unknown_function', span(t), ['me()', 'today()', 'now()'])
    this.take('function')
    this.take('function')
    if (this.peek().type !== ')') this.unexpected('rql.syntax_error.expected_closing_parenthesis', [')'])
    this.take('function')
    return { kind: 'function', name, span: this.spanFrom(t.start) }
  }

  private sort(): Sort {
    const field = this.field()
    const word = this.keyword()
    const direction = word === 'desc' ? 'desc' : 'asc'
    if (word === 'asc' || word === 'desc') this.take('keyword')
    return { kind: 'sort', field, direction, span: this.spanFrom(field.span.start) }
  }

  // --- tokens ---

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.i + ahead, this.tokens.length - 1)]
  }

  private take(role?: Role): Token {
    const t = this.tokens[this.i]
    if (role) this.roles.set(t, role)
    this.last = t.end
    if (t.type !== 'end') this.i += 1
    return t
  }

  private skip(type: Token['type']): boolean {
    if (this.peek().type !== type) return false
    this.take()
    return true
  }

  private keyword(): string | undefined {
    return keywordOf(this.peek())
  }

  private atEnd = () => this.peek().type === 'end'
  private atOrder = () => this.keyword() === 'order'

  private spanFrom(start: number): Span {
    return { start, end: this.last }
  }

  /** From `from` to the end of the next token: `()` when the parentheses are empty. */
  private through(from: Token): Span {
    return { start: from.start, end: this.peek().end }
  }

  fail(message: CatalogueCode, at: Span, expected?: string[]): never {
    throw new Failure(rqlError('rql.syntax_error', message, at, expected ? { expected } : {}))
  }

  /** Fails at the next token; bad text there (an open string, `=>`) is reported as what it is. */
  private unexpected(message: CatalogueCode, expected: string[]): never {
    const t = this.peek()
    if (t.error) this.fail(t.error.message, { start: t.error.position, end: t.end })
    return this.fail(message, span(t), expected)
  }
}

const span = (t: Token): Span => ({ start: t.start, end: t.end })
