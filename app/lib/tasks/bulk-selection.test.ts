import { parseQuery } from '@domain/rql'
import { describe, expect, it } from 'vitest'
import { readSelection, SELECTION_MAX, selectionEntries, selectionQuery } from './bulk-selection'

const params = (pairs: [string, string][]) => new URLSearchParams(pairs)

describe('readSelection: what a bulk edit is about', () => {
  it('reads ticked keys, upper-cased, trimmed and once each, dropping what is not a key', () => {
    const s = readSelection(
      params([
        ['q', 'status = "Open"'],
        ['key', 'prj-1'],
        ['key', ' PRJ-2 '],
        ['key', 'PRJ-1'],
        ['key', 'PRJ-1 or 1=1'],
        ['key', '<script>'],
        ['key', ''],
      ]),
    )
    expect(s).toEqual({ kind: 'keys', keys: ['PRJ-1', 'PRJ-2'], q: 'status = "Open"' })
  })

  it('"all matching" carries the query, never a list', () => {
    expect(
      readSelection(
        params([
          ['all', '1'],
          ['q', 'assignee = me'],
          ['key', 'PRJ-1'],
        ]),
      ),
    ).toEqual({
      kind: 'all',
      q: 'assignee = me',
    })
  })

  it('names nothing when no valid key is ticked', () => {
    expect(readSelection(params([['key', 'nope']]))).toBeNull()
    expect(readSelection(params([]))).toBeNull()
    expect(readSelection(params([['all', 'yes']]))).toBeNull()
  })

  it(`keeps at most ${SELECTION_MAX} keys`, () => {
    const many = Array.from({ length: SELECTION_MAX + 20 }, (_, i): [string, string] => [
      'key',
      `PRJ-${i + 1}`,
    ])
    const s = readSelection(params(many))
    expect(s?.kind === 'keys' && s.keys.length).toBe(SELECTION_MAX)
  })

  it('reads a form the same way as a URL', () => {
    const form = new FormData()
    form.append('key', 'OPS-7')
    expect(readSelection(form)).toEqual({ kind: 'keys', keys: ['OPS-7'], q: '' })
  })
})

describe('selectionEntries: the selection round-trips through hidden inputs and URLs', () => {
  it.each([
    { kind: 'keys' as const, keys: ['PRJ-1', 'OPS-2'], q: 'status = "Open"' },
    { kind: 'keys' as const, keys: ['PRJ-1'], q: '' },
    { kind: 'all' as const, q: 'cf_amount > -10' },
  ])('%o', (selection) => {
    expect(readSelection(params(selectionEntries(selection)))).toEqual(selection)
  })
})

describe('selectionQuery: the RQL the upstream bulk edit reads', () => {
  it('ticked keys become a key list, less the excluded ones', () => {
    const s = { kind: 'keys' as const, keys: ['PRJ-1', 'PRJ-2', 'PRJ-3'], q: 'x' }
    expect(selectionQuery(s)).toBe('key in (PRJ-1, PRJ-2, PRJ-3)')
    expect(selectionQuery(s, ['PRJ-2'])).toBe('key in (PRJ-1, PRJ-3)')
  })

  it('excluding every ticked key selects nothing, never everything', () => {
    const q = selectionQuery({ kind: 'keys', keys: ['PRJ-1'], q: '' }, ['PRJ-1'])
    expect(q).toBe('key in (NONE-0)')
    expect(parseQuery(q).ok).toBe(true)
  })

  it('"all matching" is the search itself, with the excluded keys left out of its condition', () => {
    expect(selectionQuery({ kind: 'all', q: 'status = "Open" order by updated_at desc' })).toBe(
      'status = "Open" order by updated_at desc',
    )
    const q = selectionQuery({ kind: 'all', q: 'status = "Open" or assignee = me' }, ['PRJ-9'])
    const parsed = parseQuery(q)
    expect(parsed.ok).toBe(true)
    // The exclusion binds to the whole condition, not only to its last part.
    expect(q).toMatch(/^\(.*\) and key not in \(PRJ-9\)$/)
  })

  it('an empty search with exclusions excludes only those; a broken one goes as it is', () => {
    expect(selectionQuery({ kind: 'all', q: '' }, ['PRJ-1'])).toBe('key not in (PRJ-1)')
    expect(selectionQuery({ kind: 'all', q: 'status = ' }, ['PRJ-1'])).toBe('status = ')
  })
})
