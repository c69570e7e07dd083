import { describe, expect, it } from 'vitest'
import { editedWidthOf, effectiveLayout, layoutAt } from './__boards.server'

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

describe('the layout editor at a width', () => {
  const board = {
    layout: [
      { i: A, x: 0, y: 0, w: 24, h: 10 },
      { i: B, x: 24, y: 0, w: 24, h: 10 },
    ],
    layouts: {
      md: [
        { i: A, x: 0, y: 0, w: 24, h: 10 },
        { i: B, x: 0, y: 10, w: 24, h: 10 },
      ],
      sm: [
        { i: A, x: 0, y: 0, w: 12, h: 10 },
        { i: B, x: 0, y: 10, w: 12, h: 10 },
      ],
      xs: [
        { i: A, x: 0, y: 0, w: 1, h: 10 },
        { i: B, x: 0, y: 10, w: 1, h: 10 },
      ],
    },
    layouts_own: ['md' as const],
  }
  const widgets = [
    { id: A, type: 'table' },
    { id: B, type: 'table' },
  ]

  it('reads the width from ?width=, lg when absent or unknown', () => {
    expect(editedWidthOf(new Request('http://x/admin/boards/1?width=sm'))).toBe('sm')
    expect(editedWidthOf(new Request('http://x/admin/boards/1'))).toBe('lg')
    expect(editedWidthOf(new Request('http://x/admin/boards/1?width=xl'))).toBe('lg')
  })

  it('edits lg as the board’s main layout', () =>
    expect(layoutAt(board, widgets, 'lg')).toEqual({
      width: 'lg',
      cols: 48,
      layout: board.layout,
      own: true,
      wider: null,
    }))

  it('says whether a narrower width is its own or derived, and from which', () => {
    expect(layoutAt(board, widgets, 'md')).toMatchObject({
      cols: 24,
      own: true,
      wider: 'lg',
      layout: board.layouts.md,
    })
    expect(layoutAt(board, widgets, 'sm')).toMatchObject({ cols: 12, own: false, wider: 'md' })
    expect(layoutAt(board, widgets, 'xs')).toMatchObject({ cols: 1, own: false, wider: 'sm' })
  })

  it('places a widget a narrow layout misses below, its width scaled to the columns', () => {
    expect(
      effectiveLayout([{ i: A, x: 0, y: 0, w: 12, h: 10 }], [...widgets, { id: C, type: 'calendar' }], 12),
    ).toEqual([
      { i: A, x: 0, y: 0, w: 12, h: 10 },
      { i: B, x: 0, y: 10, w: 6, h: 10 },
      { i: C, x: 0, y: 20, w: 4, h: 14 },
    ])
    expect(effectiveLayout([], [{ id: C, type: 'calendar' }], 1)).toEqual([{ i: C, x: 0, y: 0, w: 1, h: 14 }])
  })
})
