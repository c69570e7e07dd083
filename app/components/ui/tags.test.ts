import { describe, expect, it } from 'vitest'
import { joinTags, splitTags } from './tags'

describe('splitTags', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['PRJ', ['PRJ']],
    ['PRJ, OPS', ['PRJ', 'OPS']],
    [' PRJ ,OPS,, ,HR ', ['PRJ', 'OPS', 'HR']],
    ['PRJ\nOPS', ['PRJ', 'OPS']],
    ['PRJ, PRJ, OPS, PRJ', ['PRJ', 'OPS']],
    ['a b, c', ['a b', 'c']],
  ])('%j → %j', (text, tags) => {
    expect(splitTags(text)).toEqual(tags)
  })

  it('reads nothing from what is not text', () => {
    expect(splitTags(undefined)).toEqual([])
    expect(splitTags(null)).toEqual([])
    expect(splitTags(['a'])).toEqual([])
  })

  it('round-trips through joinTags', () => {
    expect(splitTags(joinTags(['PRJ', 'OPS']))).toEqual(['PRJ', 'OPS'])
    expect(joinTags([])).toBe('')
  })
})
