import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../errors/catalogue'
import { type Expr, type FieldRef, KEYWORDS, type Query, type Span, type Value } from './ast'
import { tokenize } from './highlight'
import { parseQuery } from './parser'
import { printExpr, printQuery, printValue } from './print'
import { withoutSpans } from './testing'

/*
 * Properties over many inputs: whatever is typed, the parser answers with a tree or one
 * well-formed syntax error (never an exception); printed trees read back as themselves; the
 * highlighter's tokens cover the text exactly.
 */

const NO_SPAN: Span = { start: 0, end: 0 }

/** Fragments of queries, so that random text reaches deep into the grammar, not just its first token. */
const fragment = fc.constantFrom(
  ...['status', 'cf_x.y', '=', '!=', '>=', '<', '~', '!~', '!', '=>', '(', ')', ',', '"', '\\', "'"],
  ...['and', 'OR', 'not', 'in', 'is', 'empty', 'order', 'by', 'desc', 'me()', 'today(', 'foo()'],
  ...[' ', '  ', '\n', '-7d', '+2W', '5', '3.25', '2024-01-31', 'Открыта', 'a"b', '\u0000', '😀'],
)
/** Mostly spaced, sometimes glued together (`status=`), as people type. */
const queryish = fc
  .array(fc.tuple(fragment, fc.constantFrom(' ', ' ', ' ', '')), { maxLength: 25 })
  .map((parts) => parts.flat().join(''))
const anyText = fc.oneof(queryish, fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 60 }))

describe('parseQuery on any text', () => {
  it('gives a tree or one well-formed syntax error, never an exception', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = parseQuery(text)
        if (r.ok) return
        expect(r.errors).toHaveLength(1)
        const [e] = r.errors
        expect(e.code).toBe('rql.syntax_error')
        expect(e.message.startsWith('rql.syntax_error.')).toBe(true)
        expect(e.message in catalogue).toBe(true)
        expect(e.position).toBeGreaterThanOrEqual(0)
        expect(e.position).toBeLessThanOrEqual(e.end)
        expect(e.end).toBeLessThanOrEqual(text.length)
        expect(e.params.position).toBe(e.position + 1)
      }),
      { numRuns: 3000 },
    )
  })

  it('prints what it accepts as canonical text that parses to the same tree', () => {
    fc.assert(
      fc.property(queryish, (text) => {
        const r = parseQuery(text)
        if (!r.ok) return
        const canonical = printQuery(r.value)
        const again = parseQuery(canonical)
        expect(again.ok && withoutSpans(again.value)).toEqual(withoutSpans(r.value))
        expect(again.ok && printQuery(again.value)).toBe(canonical)
      }),
      { numRuns: 3000 },
    )
  })
})

// --- random trees ---

const notKeyword = (s: string) => !(KEYWORDS as readonly string[]).includes(s.toLowerCase())
const field: fc.Arbitrary<FieldRef> = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/),
    fc.array(fc.stringMatching(/^\w{1,5}$/), { maxLength: 2 }),
  )
  .filter(([head, rest]) => rest.length > 0 || notKeyword(head))
  .map(([head, rest]) => ({ kind: 'field', path: [head, ...rest], span: NO_SPAN }))

const sign = fc.constantFrom('', '+', '-')
const digits = fc.stringMatching(/^\d{1,6}$/)
const value = fc.oneof<fc.Arbitrary<Value>[]>(
  fc.string({ unit: 'binary', maxLength: 12 }).map((v) => ({ kind: 'string', value: v, span: NO_SPAN })),
  fc.stringMatching(/^[\p{L}\w.@:-]{1,10}$/u).map((v) => ({ kind: 'string', value: v, span: NO_SPAN })),
  fc
    .tuple(sign, digits, fc.option(digits))
    .map(([s, i, f]) => `${s}${i}${f === null ? '' : `.${f}`}`)
    .map((text) => ({ kind: 'number', value: Number(text) || 0, text, span: NO_SPAN })),
  fc.tuple(fc.constantFrom('+', '-'), digits, fc.constantFrom(...'dwmyDWMY')).map(([s, d, u]) => ({
    kind: 'relative',
    amount: Number.parseInt(`${s}${d}`, 10) || 0,
    unit: u.toLowerCase() as 'd',
    text: `${s}${d}${u}`,
    span: NO_SPAN,
  })),
  fc.constantFrom('me', 'today', 'now').map((name) => ({ kind: 'function', name, span: NO_SPAN }) as Value),
)

const condition = fc.oneof<fc.Arbitrary<Expr>[]>(
  fc
    .tuple(field, fc.constantFrom('=', '!=', '>', '>=', '<', '<=', '~', '!~'), value)
    .map(([f, op, v]) => ({ kind: 'compare', field: f, op, opSpan: NO_SPAN, value: v, span: NO_SPAN })),
  fc
    .tuple(field, fc.constantFrom('in', 'not in'), fc.array(value, { minLength: 1, maxLength: 4 }))
    .map(([f, op, values]) => ({ kind: 'in', field: f, op, opSpan: NO_SPAN, values, span: NO_SPAN })),
  fc
    .tuple(field, fc.constantFrom('is empty', 'is not empty'))
    .map(([f, op]) => ({ kind: 'empty', field: f, op, opSpan: NO_SPAN, span: NO_SPAN })),
)

const { expr } = fc.letrec<{ expr: Expr; junction: Expr; not: Expr }>((tie) => ({
  expr: fc.oneof({ depthSize: 'small', maxDepth: 6 }, condition, tie('junction'), tie('not')),
  junction: fc
    .tuple(fc.constantFrom('and', 'or'), fc.array(tie('expr'), { minLength: 2, maxLength: 3 }))
    .map(([kind, operands]) => ({ kind, operands, span: NO_SPAN }) as Expr),
  not: tie('expr').map((operand) => ({ kind: 'not', operand, span: NO_SPAN }) as Expr),
}))

const query: fc.Arbitrary<Query> = fc
  .tuple(
    fc.option(expr),
    fc.array(
      fc
        .tuple(field, fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>)
        .map(([f, direction]) => ({
          kind: 'sort' as const,
          field: f,
          direction,
          span: NO_SPAN,
        })),
      { maxLength: 3 },
    ),
  )
  .map(([where, orderBy]) => ({ kind: 'query', where, orderBy, span: NO_SPAN }))

/** A valid query with one edit (a character dropped, doubled or put in): errors deep in the grammar. */
const nearMiss = fc
  .tuple(query, fc.nat(), fc.constantFrom('drop', 'double', 'insert'), fragment)
  .map(([q, n, edit, extra]) => {
    const text = printQuery(q)
    const i = text.length ? n % text.length : 0
    if (edit === 'drop') return text.slice(0, i) + text.slice(i + 1)
    if (edit === 'double') return text.slice(0, i + 1) + text.slice(i)
    return `${text.slice(0, i)} ${extra} ${text.slice(i)}`
  })

/** Every expression, value and key of a parsed tree, checked against the text at its span. */
function expectSpansMatch(text: string, e: Expr) {
  const at = (s: Span) => text.slice(s.start, s.end)
  expect(at(e.span)).toBe(printExpr(e))
  if (e.kind === 'and' || e.kind === 'or') for (const o of e.operands) expectSpansMatch(text, o)
  else if (e.kind === 'not') expectSpansMatch(text, e.operand)
  else {
    expect(at(e.field.span)).toBe(e.field.path.join('.'))
    expect(at(e.opSpan)).toBe(e.op)
    const values = e.kind === 'compare' ? [e.value] : e.kind === 'in' ? e.values : []
    for (const v of values) expect(at(v.span)).toBe(printValue(v))
  }
}

describe('random trees', () => {
  it('print and parse back to the same tree, each node spanning its own text', () => {
    fc.assert(
      fc.property(query, (q) => {
        const text = printQuery(q)
        const r = parseQuery(text)
        if (!r.ok) expect.fail(`${text}: ${JSON.stringify(r.errors)}`)
        expect(withoutSpans(r.value)).toEqual(withoutSpans(q))
        if (r.value.where) expectSpansMatch(text, r.value.where)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('tokenize', () => {
  it('covers any text end to end, each token its own slice', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const tokens = tokenize(text)
        let at = 0
        for (const t of tokens) {
          expect(t.span.start).toBe(at)
          expect(t.span.end).toBeGreaterThan(t.span.start)
          expect(t.text).toBe(text.slice(t.span.start, t.span.end))
          at = t.span.end
        }
        expect(at).toBe(text.length)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('parseQuery on valid queries with one edit', () => {
  it('gives a tree or one well-formed syntax error, and a tree it gives prints back to itself', () => {
    fc.assert(
      fc.property(nearMiss, (text) => {
        const r = parseQuery(text)
        if (!r.ok) {
          const [e] = r.errors
          expect(e.code).toBe('rql.syntax_error')
          expect(0 <= e.position && e.position <= e.end && e.end <= text.length).toBe(true)
          return
        }
        const again = parseQuery(printQuery(r.value))
        expect(again.ok && withoutSpans(again.value)).toEqual(withoutSpans(r.value))
      }),
      { numRuns: 3000 },
    )
  })
})
