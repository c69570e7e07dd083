import { describe, expect, it } from 'vitest'
import { processKeySchema, taskKey } from './process-key'

const issue = (v: unknown) => {
  const r = processKeySchema.safeParse(v)
  return r.success ? r.data : `!${r.error.issues[0]!.message}`
}

describe('process key (PRODUCT.md §4)', () => {
  it.each([
    ['PRJ', 'PRJ'],
    ['AB', 'AB'],
    ['A123456789', 'A123456789'],
    ['ops2', 'OPS2'],
    ['  dev ', 'DEV'],
    ['A', '!processes.invalid_key'],
    ['ABCDEFGHIJK', '!processes.invalid_key'],
    ['1AB', '!processes.invalid_key'],
    ['AB-1', '!processes.invalid_key'],
    ['AB_C', '!processes.invalid_key'],
    ['ÄBC', '!processes.invalid_key'],
    ['', '!processes.invalid_key'],
    [undefined, '!value_error.missing'],
    [12, '!value_error'],
  ])('%j → %s', (input, expected) => {
    expect(issue(input)).toBe(expected)
  })

  it('makes task keys as {KEY}-{n}', () => {
    expect(taskKey('PRJ', 42)).toBe('PRJ-42')
  })
})
