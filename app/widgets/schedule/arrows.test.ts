import { describe, expect, it } from 'vitest'
import { arrowState, scrollTarget } from './arrows'

const box = (scrollLeft: number, clientWidth = 600, scrollWidth = 256 * 5) => ({
  scrollLeft,
  clientWidth,
  scrollWidth,
})

describe('the schedule arrows', () => {
  it('disables the left arrow at the start and the right one at the end', () => {
    expect(arrowState(box(0))).toEqual({ left: false, right: true })
    expect(arrowState(box(300))).toEqual({ left: true, right: true })
    expect(arrowState(box(1280 - 600))).toEqual({ left: true, right: false })
    // Sub-pixel positions of a zoomed page count as the ends.
    expect(arrowState(box(0.5))).toEqual({ left: false, right: true })
    expect(arrowState(box(679.6))).toEqual({ left: true, right: false })
  })

  it('disables both when every column fits', () => {
    expect(arrowState(box(0, 1280, 1280))).toEqual({ left: false, right: false })
    expect(arrowState(box(0, 1400, 1280))).toEqual({ left: false, right: false })
  })

  it('scrolls by one column width, to a column boundary, never past the ends', () => {
    expect(scrollTarget(box(0), 256, 1)).toBe(256)
    expect(scrollTarget(box(256), 256, 1)).toBe(512)
    expect(scrollTarget(box(300), 256, 1)).toBe(512)
    expect(scrollTarget(box(300), 256, -1)).toBe(256)
    expect(scrollTarget(box(512), 256, -1)).toBe(256)
    expect(scrollTarget(box(512), 256, 1)).toBe(680)
    expect(scrollTarget(box(100), 256, -1)).toBe(0)
    expect(scrollTarget(box(0), 256, -1)).toBe(0)
  })
})
