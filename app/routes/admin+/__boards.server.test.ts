import { describe, expect, it } from 'vitest'
import { effectiveLayout } from './__boards.server'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'
const C = '33333333-3333-4333-8333-333333333333'

describe('effectiveLayout', () => {
  it('keeps the items of bound widgets and drops the others', () => {
    expect(
      effectiveLayout(
        [
          { i: A, x: 0, y: 0, w: 24, h: 10 },
          { i: C, x: 24, y: 0, w: 24, h: 10 },
        ],
        [{ id: A, type: 'table' }],
      ),
    ).toEqual([{ i: A, x: 0, y: 0, w: 24, h: 10 }])
  })

  it('places a bound widget the layout misses below the others, at its type’s default size', () => {
    expect(
      effectiveLayout(
        [{ i: A, x: 0, y: 0, w: 24, h: 10 }],
        [
          { id: A, type: 'table' },
          { id: B, type: 'calendar' },
        ],
      ),
    ).toEqual([
      { i: A, x: 0, y: 0, w: 24, h: 10 },
      { i: B, x: 0, y: 10, w: 16, h: 14 },
    ])
  })

  it('gives a type it does not know a size all the same', () =>
    expect(effectiveLayout([], [{ id: C, type: 'pie' }])).toEqual([{ i: C, x: 0, y: 0, w: 12, h: 8 }]))
})
