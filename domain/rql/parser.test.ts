import { describe, expect, it } from 'vitest'
import type { Comparison, Membership, Query } from './ast'
import { MAX_DEPTH, MAX_QUERY_LENGTH, parseQuery } from './parser'
import { printQuery } from './print'
import { sexpr, withoutSpans } from './testing'

function parsed(text: string): Query {
  const r = parseQuery(text)
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.errors)}`)
  return r.value
}

describe('parseQuery accepts', () => {
  // [query, its tree, its canonical text]
  it.each<[string, string, string]>([
    ['', '_', ''],
    ['   ', '_', ''],
    ['status = Open', '(= status "Open")', 'status = Open'],
    ['status=Open', '(= status "Open")', 'status = Open'],
    ['title ~ "fix \\"login\\" page"', '(~ title "fix \\"login\\" page")', 'title ~ "fix \\"login\\" page"'],
    // A backslash is an ordinary character outside quotes.
    ['title !~ "a\\\\b"', '(!~ title "a\\\\b")', 'title !~ a\\b'],
    ['cf_points >= 3', '(>= cf_points #3)', 'cf_points >= 3'],
    ['cf_points != -2.50', '(!= cf_points #-2.50)', 'cf_points != -2.50'],
    ['created_at > -7d', '(> created_at @-7d)', 'created_at > -7d'],
    ['updated_at<=+2W', '(<= updated_at @2w)', 'updated_at <= +2W'],
    ['cf_due < -1m or cf_due > +1y', '(or (< cf_due @-1m) (> cf_due @1y))', 'cf_due < -1m or cf_due > +1y'],
    ['assignee = me()', '(= assignee me())', 'assignee = me()'],
    ['cf_day = TODAY( )', '(= cf_day today())', 'cf_day = today()'],
    ['created_at < Now()', '(< created_at now())', 'created_at < now()'],
    // Bare words: dates, keys, addresses and Cyrillic need no quotes.
    ['created_at >= 2024-01-31', '(>= created_at "2024-01-31")', 'created_at >= 2024-01-31'],
    ['cf_day = 31.01.2024', '(= cf_day "31.01.2024")', 'cf_day = 31.01.2024'],
    ['key = DEV-12', '(= key "DEV-12")', 'key = DEV-12'],
    ['status.name = Открыта', '(= status.name "Открыта")', 'status.name = Открыта'],
    [
      'assignee.contacts.email = ivan@example.com',
      '(= assignee.contacts.email "ivan@example.com")',
      'assignee.contacts.email = ivan@example.com',
    ],
    ['cf_address.city ~ Moscow', '(~ cf_address.city "Moscow")', 'cf_address.city ~ Moscow'],
    ['status in (a, "b c", 3)', '(in status ["a" "b c" #3])', 'status in (a, "b c", 3)'],
    ['status NOT IN (a)', '(not in status ["a"])', 'status not in (a)'],
    ['status not   in(a,b)', '(not in status ["a" "b"])', 'status not in (a, b)'],
    ['assignee in (me(), x)', '(in assignee [me() "x"])', 'assignee in (me(), x)'],
    ['assignee is empty', '(is empty assignee)', 'assignee is empty'],
    ['assignee IS Not EMPTY', '(is not empty assignee)', 'assignee is not empty'],
    // Precedence: and binds tighter than or; not tighter than and.
    ['a = 1 or b = 2 and c = 3', '(or (= a #1) (and (= b #2) (= c #3)))', 'a = 1 or b = 2 and c = 3'],
    ['(a = 1 or b = 2) and c = 3', '(and (or (= a #1) (= b #2)) (= c #3))', '(a = 1 or b = 2) and c = 3'],
    ['a = 1 or b = 2 or c = 3', '(or (= a #1) (= b #2) (= c #3))', 'a = 1 or b = 2 or c = 3'],
    ['a = 1 or (b = 2 or c = 3)', '(or (= a #1) (or (= b #2) (= c #3)))', 'a = 1 or (b = 2 or c = 3)'],
    ['not a = 1 and b = 2', '(and (not (= a #1)) (= b #2))', 'not a = 1 and b = 2'],
    ['NOT (a = 1 AND b = 2)', '(not (and (= a #1) (= b #2)))', 'not (a = 1 and b = 2)'],
    ['not not a is empty', '(not (not (is empty a)))', 'not not a is empty'],
    ['((a = 1))', '(= a #1)', 'a = 1'],
    ['order by created_at', '_ order(created_at asc)', 'order by created_at'],
    [
      'ORDER  BY title ASC, created_at DESC',
      '_ order(title asc, created_at desc)',
      'order by title, created_at desc',
    ],
    ['a = 1 order by cf_x.y desc', '(= a #1) order(cf_x.y desc)', 'a = 1 order by cf_x.y desc'],
    // Quoted where a bare word would read as something else.
    ['x = "and"', '(= x "and")', 'x = "and"'],
    ['x = "5"', '(= x "5")', 'x = "5"'],
    ['x = "-7d"', '(= x "-7d")', 'x = "-7d"'],
    ['x = ""', '(= x "")', 'x = ""'],
    ['x = me', '(= x "me")', 'x = me'],
    ['x = "me()"', '(= x "me()")', 'x = "me()"'],
    ['x = "line\nbreak"', '(= x "line\\nbreak")', 'x = "line\nbreak"'],
  ])('%j', (text, tree, canonical) => {
    const q = parsed(text)
    expect(sexpr(q)).toBe(tree)
    expect(printQuery(q)).toBe(canonical)
    expect(withoutSpans(parsed(canonical))).toEqual(withoutSpans(q))
  })

  it('gives every node the span of its text', () => {
    const text = 'not (a = 1 or b in (x, me())) and c is not empty order by d desc'
    const q = parsed(text)
    const at = (s: { start: number; end: number }) => text.slice(s.start, s.end)
    expect(at(q.span)).toBe(text)
    const and = q.where
    if (and?.kind !== 'and') throw new Error('expected and')
    expect(at(and.span)).toBe('not (a = 1 or b in (x, me())) and c is not empty')
    const not = and.operands[0]
    if (not.kind !== 'not' || not.operand.kind !== 'or') throw new Error('expected not(or)')
    expect(at(not.span)).toBe('not (a = 1 or b in (x, me()))')
    expect(at(not.operand.span)).toBe('a = 1 or b in (x, me())')
    const member = not.operand.operands[1] as Membership
    expect(at(member.span)).toBe('b in (x, me())')
    expect(at(member.field.span)).toBe('b')
    expect(at(member.opSpan)).toBe('in')
    expect(member.values.map((v) => at(v.span))).toEqual(['x', 'me()'])
    const empty = and.operands[1]
    expect(empty.kind === 'empty' && at(empty.opSpan)).toBe('is not empty')
    expect(at(q.orderBy[0].span)).toBe('d desc')
  })

  it('keeps a number as typed and a quoted string decoded', () => {
    const c = parsed('x = 007').where as Comparison
    expect(c.value).toMatchObject({ kind: 'number', value: 7, text: '007' })
    const s = parsed('x = "a\\"b"').where as Comparison
    expect(s.value).toEqual({ kind: 'string', value: 'a"b', span: { start: 4, end: 10 } })
    expect((parsed('x = -0d').where as Comparison).value).toMatchObject({ amount: 0, unit: 'd' })
  })
})

describe('parseQuery refuses', () => {
  const E = 'rql.syntax_error.'
  // [query, message key, position, expected (when the error names one)]
  it.each<[string, string, number, string[]?]>([
    ['x = "abc', 'unterminated_string', 4],
    ['x = "a\\nb"', 'invalid_escape', 6],
    ['x = "a\\', 'unterminated_string', 4],
    ['x == 1', 'unknown_operator', 2],
    ['x => 1', 'unknown_operator', 2],
    ['x <> 1', 'unknown_operator', 2],
    ['x ! 1', 'unknown_operator', 2],
    ["x = 'a'", 'unexpected_character', 4],
    ['x = a\u0000', 'unexpected_character', 5],
    ['x =', 'missing_value', 3, ['value']],
    ['x = and y = 1', 'missing_value', 4, ['value']],
    ['x = )', 'missing_value', 4, ['value']],
    ['x in (a, )', 'missing_value', 9, ['value']],
    ['x in (a, (b))', 'missing_value', 9, ['value']],
    ['x in a', 'expected_list', 5, ['(']],
    ['x not in b', 'expected_list', 9, ['(']],
    ['x in', 'expected_list', 4, ['(']],
    ['x = (a, b)', 'list_not_allowed', 4],
    ['x in ()', 'empty_parentheses', 5],
    ['()', 'empty_parentheses', 0],
    ['a = 1 and ( )', 'empty_parentheses', 10],
    ['(a = 1', 'expected_closing_parenthesis', 6, [')', 'and', 'or']],
    ['(a = 1 b = 2)', 'expected_closing_parenthesis', 7, [')', 'and', 'or']],
    ['x in (a b)', 'expected_closing_parenthesis', 8, [',', ')']],
    ['x = me(1)', 'expected_closing_parenthesis', 7, [')']],
    ['x = foo()', 'unknown_function', 4],
    ['x', 'expected_operator', 1],
    ['x y', 'expected_operator', 2],
    ['x not = 1', 'expected_operator', 6, ['in']],
    ['x is', 'expected_empty', 4, ['not', 'empty']],
    ['x is not null', 'expected_empty', 9, ['empty']],
    ['= 1', 'expected_field', 0, ['field']],
    ['and x = 1', 'expected_field', 0, ['field']],
    ['x = 1 and', 'expected_field', 9, ['field']],
    ['x = 1 or not', 'expected_field', 12, ['field']],
    ['5 = 1', 'expected_field', 0, ['field']],
    ['cf_x. = 1', 'expected_field', 0, ['field']],
    ['"title" = 1', 'expected_field', 0, ['field']],
    ['order by', 'expected_field', 8, ['field']],
    ['order by a,', 'expected_field', 11, ['field']],
    ['order title', 'expected_by', 6, ['by']],
    ['x = 1 order', 'expected_by', 11, ['by']],
    ['x = 1 y = 2', 'trailing_input', 6, ['and', 'or', 'order by', 'end']],
    ['x = 1)', 'trailing_input', 5, ['and', 'or', 'order by', 'end']],
    ['order by a b', 'trailing_input', 11, ['asc', 'desc', ',', 'end']],
    ['order by a desc asc', 'trailing_input', 16, [',', 'end']],
    ['order by a and b = 1', 'trailing_input', 11],
    // The leftmost problem wins: bad text after a syntax error is not reached.
    ['x = 1 y "open', 'trailing_input', 6],
    ['x = 1 and "open', 'unterminated_string', 10],
  ])('%j with %s at %i', (text, message, position, expected) => {
    const r = parseQuery(text)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.errors).toHaveLength(1)
    const [e] = r.errors
    expect(e).toMatchObject({ code: 'rql.syntax_error', message: E + message, position })
    expect(e.params.position).toBe(position + 1)
    expect(e.end).toBeGreaterThanOrEqual(position)
    if (expected) expect(e.expected).toEqual(expected)
  })

  it('underlines the offending text', () => {
    const r = parseQuery('x = 1 and y => 2')
    expect(!r.ok && r.errors[0]).toMatchObject({ position: 12, end: 14 })
    const open = parseQuery('title ~ "abc')
    expect(!open.ok && open.errors[0]).toMatchObject({ position: 8, end: 12 })
  })

  it('refuses nesting deeper than MAX_DEPTH and text longer than MAX_QUERY_LENGTH', () => {
    const deep = `${'('.repeat(MAX_DEPTH + 1)}a = 1${')'.repeat(MAX_DEPTH + 1)}`
    const r = parseQuery(deep)
    expect(!r.ok && r.errors[0]).toMatchObject({
      message: 'rql.syntax_error.too_complex',
      position: MAX_DEPTH,
    })
    expect(parseQuery(`${'not '.repeat(10_000)}a = 1`).ok).toBe(false)
    expect(parseQuery(`${'('.repeat(MAX_DEPTH - 1)}a = 1${')'.repeat(MAX_DEPTH - 1)}`).ok).toBe(true)
    const long = parseQuery(`title ~ "${'a'.repeat(MAX_QUERY_LENGTH)}"`)
    expect(!long.ok && long.errors[0]).toMatchObject({ message: 'rql.syntax_error.too_complex' })
  })
})
