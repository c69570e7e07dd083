import { describe, expect, it } from 'vitest'
import {
  BREAKPOINT_COLS,
  breakpointOf,
  compactLayout,
  deriveLayout,
  dropItem,
  keepBound,
  layoutsPatchSchema,
  minWidthAt,
  parseBreakpoint,
  resolveLayouts,
  widerOf,
} from './breakpoints'
import type { LayoutItem } from './grid'

/** The demo's home board shape: two halves over a full-width table. */
const lg: LayoutItem[] = [
  { i: 'left', x: 0, y: 0, w: 24, h: 8 },
  { i: 'right', x: 24, y: 0, w: 24, h: 6 },
  { i: 'table', x: 0, y: 8, w: 48, h: 10 },
]

const overlap = (l: LayoutItem[]) =>
  l.some((a, n) =>
    l.some((b, m) => n !== m && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h),
  )

describe('breakpoints (PRODUCT.md §10)', () => {
  it('has the columns 48/24/12/1 and picks a breakpoint by the grid width', () => {
    expect(BREAKPOINT_COLS).toEqual({ lg: 48, md: 24, sm: 12, xs: 1 })
    expect([1440, 1200, 1199, 996, 995, 768, 767, 343].map(breakpointOf)).toEqual([
      'lg',
      'lg',
      'md',
      'md',
      'sm',
      'sm',
      'xs',
      'xs',
    ])
  })

  it('derives a narrower layout by scaling columns and widths, keeping rows', () => {
    expect(deriveLayout(lg, 48, 24)).toEqual([
      { i: 'left', x: 0, y: 0, w: 12, h: 8 },
      { i: 'right', x: 12, y: 0, w: 12, h: 6 },
      { i: 'table', x: 0, y: 8, w: 24, h: 10 },
    ])
  })

  it('stacks one widget per row in reading order at one column', () => {
    expect(deriveLayout(lg, 48, 1)).toEqual([
      { i: 'left', x: 0, y: 0, w: 1, h: 8 },
      { i: 'right', x: 0, y: 8, w: 1, h: 6 },
      { i: 'table', x: 0, y: 14, w: 1, h: 10 },
    ])
  })

  it('never lets scaled items overlap, and keeps every item within the columns', () => {
    const odd: LayoutItem[] = [
      { i: 'a', x: 0, y: 0, w: 5, h: 3 },
      { i: 'b', x: 5, y: 0, w: 5, h: 3 },
      { i: 'c', x: 10, y: 0, w: 5, h: 3 },
      { i: 'd', x: 45, y: 2, w: 3, h: 4 },
    ]
    for (const cols of [24, 12]) {
      const out = deriveLayout(odd, 48, cols)
      expect(overlap(out)).toBe(false)
      for (const it of out) {
        expect(it.w).toBeGreaterThanOrEqual(1)
        expect(it.x + it.w).toBeLessThanOrEqual(cols)
      }
    }
  })

  it('compacts upwards as the editor would: a gap above an item closes', () => {
    expect(compactLayout([{ i: 'a', x: 0, y: 5, w: 2, h: 2 }])).toEqual([{ i: 'a', x: 0, y: 0, w: 2, h: 2 }])
  })

  it('derives each width from the next wider until the board has its own', () => {
    const all = resolveLayouts(lg, {})
    expect(all.lg).toEqual(lg)
    expect(all.sm).toEqual(deriveLayout(all.md, 24, 12))
    const md: LayoutItem[] = [
      { i: 'table', x: 0, y: 0, w: 24, h: 10 },
      { i: 'left', x: 0, y: 10, w: 24, h: 8 },
      { i: 'right', x: 0, y: 18, w: 24, h: 6 },
    ]
    const own = resolveLayouts(lg, { md })
    expect(own.md).toEqual(md)
    expect(own.lg).toEqual(lg)
    // sm follows the edited md: the table first.
    expect(own.sm.map((it) => it.i)).toEqual(['table', 'left', 'right'])
    expect(own.xs.map((it) => it.i)).toEqual(['table', 'left', 'right'])
  })

  it('fits an own layout to the widgets lg has: a missing widget goes below, a stale one leaves', () => {
    const own = resolveLayouts(lg, {
      sm: [
        { i: 'gone', x: 0, y: 0, w: 12, h: 4 },
        { i: 'left', x: 0, y: 0, w: 12, h: 8 },
      ],
    })
    expect(own.sm.map((it) => it.i).sort()).toEqual(['left', 'right', 'table'])
    expect(own.sm.find((it) => it.i === 'right')!.y).toBeGreaterThanOrEqual(8)
    expect(overlap(own.sm)).toBe(false)
  })

  it('keeps only bound widgets and drops a deleted one from own layouts', () => {
    const own = {
      md: [
        { i: 'a', x: 0, y: 0, w: 4, h: 4 },
        { i: 'b', x: 4, y: 0, w: 4, h: 4 },
      ],
    }
    expect(keepBound(own, new Set(['a']))).toEqual({ md: [{ i: 'a', x: 0, y: 0, w: 4, h: 4 }] })
    expect(dropItem(own, 'a')).toEqual({ md: [{ i: 'b', x: 4, y: 0, w: 4, h: 4 }] })
  })

  it('clamps a sent layout to its breakpoint columns, takes null, refuses unknown keys', () => {
    const r = layoutsPatchSchema.safeParse({ sm: [{ i: 'a', x: 40, y: 0, w: 30, h: 2 }], xs: null })
    expect(r.success && r.data).toEqual({ sm: [{ i: 'a', x: 0, y: 0, w: 12, h: 2 }], xs: null })
    const bad = layoutsPatchSchema.safeParse({ lg: [] })
    expect(bad.success).toBe(false)
  })
})

describe('the width an administrator edits (/admin/boards/{id}?width=)', () => {
  it('reads a named breakpoint and takes lg for anything else', () => {
    expect(parseBreakpoint('md')).toBe('md')
    expect(parseBreakpoint('xs')).toBe('xs')
    for (const raw of [null, undefined, '', 'LG', 'xl', 'md ', 3, ['sm']])
      expect(parseBreakpoint(raw)).toBe('lg')
  })

  it('derives each narrower width from the next wider one', () => {
    expect(widerOf('md')).toBe('lg')
    expect(widerOf('sm')).toBe('md')
    expect(widerOf('xs')).toBe('sm')
  })

  it('scales a least width to the columns, rounding up, within the grid', () => {
    expect(minWidthAt(6, 48)).toBe(6)
    expect(minWidthAt(6, 24)).toBe(3)
    expect(minWidthAt(5, 24)).toBe(3)
    expect(minWidthAt(1, 12)).toBe(1)
    expect(minWidthAt(48, 12)).toBe(12)
    expect(minWidthAt(30, 1)).toBe(1)
  })
})
