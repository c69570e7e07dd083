import { describe, expect, it } from 'vitest'
import { firstSort, readSearch, searchHref, withSort } from './url'

describe('readSearch', () => {
  it('reads the query and the page', () => {
    expect(readSearch(new URLSearchParams('q=key+%3D+TASK-1&page=3'))).toEqual({ q: 'key = TASK-1', page: 3 })
  })

  it('takes a missing, broken or out-of-range page as the first, and caps a huge one', () => {
    for (const page of ['', '0', '-2', '1.5', 'abc', '1e400'])
      expect(readSearch(new URLSearchParams({ page })).page).toBe(1)
    expect(readSearch(new URLSearchParams({ page: '99999999' })).page).toBe(1_000_000)
    expect(readSearch(new URLSearchParams()).q).toBe('')
  })

  it('cuts a query longer than the language allows', () => {
    expect(readSearch(new URLSearchParams({ q: 'x'.repeat(20_000) })).q).toHaveLength(10_000)
  })
})

describe('searchHref', () => {
  it('leaves out an empty query and the first page', () => {
    expect(searchHref({ q: '' })).toBe('/lk/tasks')
    expect(searchHref({ q: '  ', page: 1 })).toBe('/lk/tasks')
    expect(searchHref({ q: '', page: 2 })).toBe('/lk/tasks?page=2')
  })

  it('encodes the query so that it reads back the same', () => {
    const q = 'title ~ "a & b" and key = TASK-1 order by key desc'
    const href = searchHref({ q, page: 4 })
    expect(href).toMatch(/^\/lk\/tasks\?q=.*&page=4$/)
    expect(readSearch(new URL(href, 'http://x').searchParams)).toEqual({ q, page: 4 })
  })
})

describe('firstSort', () => {
  it('is the first key of order by, lower case, with its direction', () => {
    expect(firstSort('status = x ORDER BY Title DESC, key')).toEqual({ key: 'title', direction: 'desc' })
    expect(firstSort('order by cf_priority')).toEqual({ key: 'cf_priority', direction: 'asc' })
  })

  it('is null without order by or for a query that does not parse', () => {
    expect(firstSort('key = TASK-1')).toBeNull()
    expect(firstSort('')).toBeNull()
    expect(firstSort('key = ')).toBeNull()
  })
})

describe('withSort', () => {
  it('adds order by to a query without one, keeping the conditions as written', () => {
    expect(withSort('Title ~  "report"', 'key')).toBe('Title ~  "report" order by key')
    expect(withSort('', 'title')).toBe('order by title')
  })

  it('turns the order over when the results are sorted by that key ascending', () => {
    expect(withSort('key ~ TASK order by title', 'title')).toBe('key ~ TASK order by title desc')
    expect(withSort('key ~ TASK order by title desc', 'title')).toBe('key ~ TASK order by title')
    expect(withSort('key ~ TASK order by TITLE asc', 'title')).toBe('key ~ TASK order by title desc')
  })

  it('replaces the whole order by with the clicked key', () => {
    expect(withSort('key ~ TASK order by title desc, key', 'status')).toBe('key ~ TASK order by status')
    expect(withSort('order by title', 'key')).toBe('order by key')
  })

  it('keeps parentheses and quoted keywords of the conditions', () => {
    expect(withSort('(title ~ "order" or key = A-1) order by key', 'key')).toBe(
      '(title ~ "order" or key = A-1) order by key desc',
    )
    expect(withSort('(a = 1 or b = 2)', 'key')).toBe('(a = 1 or b = 2) order by key')
  })

  it('reads the keyword in any case and across lines', () => {
    expect(withSort('key ~ A\nOrder\n  By title', 'title')).toBe('key ~ A order by title desc')
  })

  it('is null for a query that does not parse', () => {
    expect(withSort('key = ', 'key')).toBeNull()
    expect(withSort('key = "open', 'key')).toBeNull()
  })
})
