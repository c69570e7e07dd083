import { describe, expect, it } from 'vitest'
import { clampItem, GRID, layoutSchema, placeBelow } from './grid'

describe('the grid rules (spec §5)', () => {
  it('keeps a layout that fits, ids as strings', () => {
    const r = layoutSchema.safeParse([{ i: 7, x: 0, y: 0, w: 12, h: 4, static: true }])
    expect(r.success && r.data).toEqual([{ i: '7', x: 0, y: 0, w: 12, h: 4, static: true }])
  })

  it.each([
    ['not an array', { i: 'a' }, 'boards.layout_not_array'],
    ['a missing coordinate', [{ i: 'a', x: 0, y: 0, w: 1 }], 'value_error.missing'],
    ['a text coordinate', [{ i: 'a', x: '0', y: 0, w: 1, h: 1 }], 'value_error'],
    ['a null id', [{ i: null, x: 0, y: 0, w: 1, h: 1 }], 'value_error.missing'],
    ['a non-boolean static', [{ i: 'a', x: 0, y: 0, w: 1, h: 1, static: 'yes' }], 'value_error'],
    ['an unknown key', [{ i: 'a', x: 0, y: 0, w: 1, h: 1, z: 1 }], 'value_error.extra'],
    [
      'a repeated id',
      [
        { i: 'a', x: 0, y: 0, w: 1, h: 1 },
        { i: 'a', x: 1, y: 0, w: 1, h: 1 },
      ],
      'boards.layout_duplicate_id',
    ],
  ])('refuses %s', (_, layout, code) => {
    const r = layoutSchema.safeParse(layout)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.message)).toContain(code)
  })

  it('clamps a resize to its bounds and at least 1', () => {
    expect(clampItem({ i: 'a', x: 0, y: 0, w: 0, h: 0 })).toMatchObject({ w: 1, h: 1 })
    expect(clampItem({ i: 'a', x: 0, y: 0, w: 30, h: 9, maxW: 20, minH: 10 })).toMatchObject({ w: 20, h: 10 })
  })

  it('clamps a drag within the 48 columns', () => {
    expect(clampItem({ i: 'a', x: 45, y: 3, w: 10, h: 2 })).toMatchObject({ x: GRID.cols - 10, w: 10 })
    expect(clampItem({ i: 'a', x: 0, y: 0, w: 99, h: 2 })).toMatchObject({ x: 0, w: GRID.cols })
  })

  it('places a new widget below the others', () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 12, h: 4 },
      { i: 'b', x: 12, y: 2, w: 12, h: 6 },
    ]
    expect(placeBelow(layout, 'c', { w: 16, h: 5 })).toEqual({ i: 'c', x: 0, y: 8, w: 16, h: 5 })
  })
})
