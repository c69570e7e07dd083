import { describe, expect, it } from 'vitest'
import { tokenize } from './highlight'

/** `kind:text` for every token but spaces, for compact tables. */
const kinds = (text: string) =>
  tokenize(text)
    .filter((t) => t.kind !== 'whitespace')
    .map((t) => `${t.kind}:${t.text}`)

describe('tokenize', () => {
  it.each<[string, string[]]>([
    [
      'status = Open and cf_x in (me(), "a b", 5, -7d)',
      ['field:status', 'operator:=', 'string:Open', 'keyword:and', 'field:cf_x', 'keyword:in']
        .concat(['punctuation:(', 'function:me', 'function:(', 'function:)', 'punctuation:,', 'string:"a b"'])
        .concat(['punctuation:,', 'number:5', 'punctuation:,', 'relative_date:-7d', 'punctuation:)']),
    ],
    [
      'NOT assignee IS NOT EMPTY ORDER BY created_at DESC',
      ['keyword:NOT', 'field:assignee', 'keyword:IS', 'keyword:NOT', 'keyword:EMPTY', 'keyword:ORDER'].concat(
        ['keyword:BY', 'field:created_at', 'keyword:DESC'],
      ),
    ],
    // A field-like word in a value's place is a value.
    ['title = status', ['field:title', 'operator:=', 'string:status']],
    // Bad text is an error token; the rest keeps its colours.
    [
      'title => x and y = "open',
      ['field:title', 'error:=>', 'string:x', 'keyword:and', 'field:y', 'operator:=', 'error:"open'],
    ],
    ["title = 'x'", ['field:title', 'operator:=', "error:'", 'string:x', "error:'"]],
    // Past a syntax error, words are guessed from their neighbours.
    [
      'title = a b c = d and today()',
      ['field:title', 'operator:=', 'string:a', 'string:b', 'field:c', 'operator:='].concat([
        'string:d',
        'keyword:and',
        'function:today',
        'punctuation:(',
        'punctuation:)',
      ]),
    ],
  ])('%j', (text, expected) => {
    expect(kinds(text)).toEqual(expected)
  })

  it('keeps spaces as tokens, so the tokens spell the text', () => {
    const text = ' a =\n"b" '
    const tokens = tokenize(text)
    expect(tokens.map((t) => t.text).join('')).toBe(text)
    expect(tokens.map((t) => t.kind)).toEqual([
      'whitespace',
      'field',
      'whitespace',
      'operator',
      'whitespace',
      'string',
      'whitespace',
    ])
    expect(tokenize('')).toEqual([])
  })
})
