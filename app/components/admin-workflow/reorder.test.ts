import { describe, expect, it } from 'vitest'
import { applyMove, dropMove, stepMove } from './reorder'

const keys = ['a', 'b', 'c', 'd']
const drop = (moved: string, target: string, position: 'before' | 'after' | 'on') => {
  const move = dropMove(keys, moved, target, position)
  return move ? applyMove(keys, move).join('') : null
}

describe('dropMove', () => {
  it.each([
    ['a', 'c', 'after', 'bcad'],
    ['a', 'c', 'before', 'bacd'],
    ['d', 'a', 'before', 'dabc'],
    ['d', 'b', 'after', 'abdc'],
    ['b', 'd', 'after', 'acdb'],
    ['c', 'a', 'after', 'acbd'],
  ] as const)('%s dropped %s… %s → %s', (moved, target, position, expected) => {
    expect(drop(moved, target, position === 'after' ? 'after' : 'before')).toBe(expected)
  })

  it('is nothing when the entry lands where it was, on itself, onto an entry, or is unknown', () => {
    expect(dropMove(keys, 'b', 'a', 'after')).toBeNull()
    expect(dropMove(keys, 'b', 'c', 'before')).toBeNull()
    expect(dropMove(keys, 'b', 'b', 'after')).toBeNull()
    expect(dropMove(keys, 'b', 'c', 'on')).toBeNull()
    expect(dropMove(keys, 'x', 'c', 'after')).toBeNull()
  })
})

describe('stepMove', () => {
  it('moves one up or down, never past either end', () => {
    expect(stepMove(4, 2, -1)).toEqual({ from: 2, to: 1 })
    expect(stepMove(4, 2, 1)).toEqual({ from: 2, to: 3 })
    expect(stepMove(4, 0, -1)).toBeNull()
    expect(stepMove(4, 3, 1)).toBeNull()
    expect(stepMove(4, 7, -1)).toBeNull()
  })

  it('applies as conform does: take out, put back', () => {
    expect(applyMove(keys, stepMove(4, 0, 1)!)).toEqual(['b', 'a', 'c', 'd'])
    expect(applyMove(keys, stepMove(4, 3, -1)!)).toEqual(['a', 'b', 'd', 'c'])
  })
})
