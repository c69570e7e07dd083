import { describe, expect, it } from 'vitest'
import { pageLayout } from './layout.server'

const widgets = [
  { id: 't', type: 'table' },
  { id: 'c', type: 'calendar' },
]

describe('the layout a board page shows', () => {
  it("clamps each item with its type's minimum size (spec §5) and compacts upwards", () => {
    const layout = pageLayout(
      [
        { i: 't', x: 0, y: 4, w: 2, h: 2 },
        { i: 'c', x: 40, y: 0, w: 20, h: 14 },
      ],
      widgets,
    )
    expect(layout).toEqual([
      { i: 't', x: 0, y: 0, w: 8, h: 6, minW: 8, minH: 6 },
      { i: 'c', x: 28, y: 0, w: 20, h: 14, minW: 8, minH: 10 },
    ])
  })

  it('places a bound widget the stored layout misses below the others, and drops unknown items', () => {
    const layout = pageLayout(
      [
        { i: 't', x: 0, y: 0, w: 24, h: 10 },
        { i: 'gone', x: 24, y: 0, w: 10, h: 10 },
      ],
      widgets,
    )
    expect(layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual([
      { i: 't', x: 0, y: 0, w: 24, h: 10 },
      { i: 'c', x: 0, y: 10, w: 16, h: 14 },
    ])
  })
})
