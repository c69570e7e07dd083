import { describe, expect, it } from 'vitest'
import { MAX_PAGE_ITEMS, type PageItem, pageCount, pageItems } from './page-items'

const E = 'ellipsis' as const

describe('pageItems', () => {
  const cases: [current: number, total: number, expected: PageItem[]][] = [
    [1, 0, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 8, [1, 2, 3, 4, 5, E, 8]],
    [4, 8, [1, 2, 3, 4, 5, E, 8]],
    [5, 8, [1, E, 4, 5, 6, 7, 8]],
    [8, 8, [1, E, 4, 5, 6, 7, 8]],
    [1, 20, [1, 2, 3, 4, 5, E, 20]],
    [4, 20, [1, 2, 3, 4, 5, E, 20]],
    [5, 20, [1, E, 4, 5, 6, E, 20]],
    [10, 20, [1, E, 9, 10, 11, E, 20]],
    [16, 20, [1, E, 15, 16, 17, E, 20]],
    [17, 20, [1, E, 16, 17, 18, 19, 20]],
    [20, 20, [1, E, 16, 17, 18, 19, 20]],
    [50, 100, [1, E, 49, 50, 51, E, 100]],
    // Out of range and odd input: clamped, never a page that does not exist.
    [0, 20, [1, 2, 3, 4, 5, E, 20]],
    [-3, 20, [1, 2, 3, 4, 5, E, 20]],
    [99, 20, [1, E, 16, 17, 18, 19, 20]],
    [Number.NaN, 20, [1, 2, 3, 4, 5, E, 20]],
    [2.7, 20, [1, 2, 3, 4, 5, E, 20]],
  ]

  it.each(cases)('page %i of %i → %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected)
  })

  it('never shows more than 7 slots, always the first, the last and the current page, no neighbouring ellipses', () => {
    for (let total = 1; total <= 40; total++)
      for (let current = 1; current <= total; current++) {
        const items = pageItems(current, total)
        expect(items.length).toBeLessThanOrEqual(MAX_PAGE_ITEMS)
        expect(items[0]).toBe(1)
        expect(items.at(-1)).toBe(total)
        expect(items).toContain(current)
        const numbers = items.filter((i): i is number => i !== E)
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers)
        expect(new Set(numbers).size).toBe(numbers.length)
        items.forEach((item, i) => {
          if (item === E) {
            expect(items[i + 1]).not.toBe(E)
            // An ellipsis hides at least two pages (one hidden page would be shown instead).
            expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2)
          } else if (i > 0 && items[i - 1] !== E) expect(item).toBe((items[i - 1] as number) + 1)
        })
      }
  })

  it('takes another maximum (at least 5 slots)', () => {
    expect(pageItems(6, 11, 9)).toEqual([1, E, 4, 5, 6, 7, 8, E, 11])
    expect(pageItems(1, 11, 3)).toEqual([1, 2, 3, E, 11])
  })
})

describe('pageCount', () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
    [5, 0, 1],
  ])('%i items, %i a page → %i pages', (total, perPage, pages) => {
    expect(pageCount(total, perPage)).toBe(pages)
  })
})
