import type { KanbanColumn, KanbanData } from '@domain/widgets/kinds/kanban'
import { kanban } from '@domain/widgets/kinds/kanban'
import { describe, expect, it } from 'vitest'
import { foldResults, logAnswer, mergeResult } from './merge'
import type { WidgetResult } from './types'

/*
 * A kanban's refetch of some columns (issue 26: a move, a live change) put into what the widget
 * shows: those columns replaced, the others and their order kept; whole answers still replace.
 */

const col = (id: string, keys: string[]): KanbanColumn => ({
  status: { id, name: id, color: '#000' },
  total: keys.length,
  wip: null,
  over: false,
  moves_to: [],
  requires: {},
  pages: 1,
  tasks: keys.map((key) => ({
    id: key,
    key,
    title: key,
    process_key: 'DEV',
    status: null,
    version: 1,
    values: [],
    lane: '',
  })),
})
const board = (columns: KanbanColumn[], only?: string[]): WidgetResult => ({
  type: 'kanban',
  data: {
    ...(only ? { only } : {}),
    process: null,
    swimlane: null,
    delimiter: '·',
    per_page: 20,
    columns,
    required_fields: [],
  } satisfies KanbanData,
})
const shown = (r: WidgetResult | undefined) =>
  (r!.data as KanbanData).columns.map((c) => [c.status.id, c.tasks.map((t) => t.key)])

describe('a kanban refetch of some columns', () => {
  const full = board([col('a', ['K-1', 'K-2']), col('b', []), col('c', ['K-3'])])

  it('replaces those columns alone, in the widget’s order, and is whole again', () => {
    const merged = mergeResult(full, board([col('a', ['K-2']), col('b', ['K-1'])], ['a', 'b']))
    expect(shown(merged)).toEqual([
      ['a', ['K-2']],
      ['b', ['K-1']],
      ['c', ['K-3']],
    ])
    expect((merged.data as KanbanData).only).toBeUndefined()
  })

  it('keeps its identity for the same two answers (the widget does not reset)', () => {
    const part = board([col('c', [])], ['c'])
    expect(mergeResult(full, part)).toBe(mergeResult(full, part))
  })

  it('folds answers in time order: a whole answer newer than a partial one wins', () => {
    const part = board([col('c', [])], ['c'])
    const whole = board([col('a', []), col('b', []), col('c', ['K-9'])])
    expect(
      shown(
        foldResults([
          [3, whole],
          [1, full],
          [2, part],
        ]),
      ),
    ).toEqual([
      ['a', []],
      ['b', []],
      ['c', ['K-9']],
    ])
    expect(
      shown(
        foldResults([
          [1, full],
          [2, part],
        ]),
      )[2],
    ).toEqual(['c', []])
  })

  it('lets the later request win when a partial and a whole refetch come back out of order', () => {
    // A live refetch of column c asked at 2, a whole refetch asked at 4 (c emptied meanwhile): the
    // partial comes back last but is older, so c stays as the whole answer read it.
    const part = board([col('c', ['K-3', 'K-7'])], ['c'])
    const whole = board([col('a', ['K-1']), col('b', []), col('c', [])])
    let log = logAnswer([], 1, full)
    log = logAnswer(log, 4, whole)
    log = logAnswer(log, 2, part)
    expect(log.map(([at]) => at)).toEqual([4])
    expect(shown(foldResults(log))[2]).toEqual(['c', []])
    // Asked after the whole one, it goes over it, whichever came first; the same answer again changes nothing.
    const later = board([col('b', ['K-2'])], ['b'])
    const again = logAnswer(logAnswer(log, 6, later), 6, later)
    expect(again.map(([at]) => at)).toEqual([4, 6])
    expect(shown(foldResults(again))).toEqual([
      ['a', ['K-1']],
      ['b', ['K-2']],
      ['c', []],
    ])
  })

  it("keeps a widget's own whole answer under the partial one after it (the show-more pages stay)", () => {
    // Its own fetches: "show more" (whole, 3 pages of a), then a move's refetch of b and c at 5; the
    // board's live refresh brought c at 7 over an older whole answer at 1.
    const more = board([col('a', ['K-1', 'K-2', 'K-4']), col('b', []), col('c', ['K-3'])])
    const own = logAnswer(logAnswer([], 3, more), 5, board([col('b', ['K-3']), col('c', [])], ['b', 'c']))
    const live = logAnswer(logAnswer([], 1, full), 7, board([col('c', ['K-8'])], ['c']))
    expect(shown(foldResults([[0, full], ...live, ...own]))).toEqual([
      ['a', ['K-1', 'K-2', 'K-4']],
      ['b', ['K-3']],
      ['c', ['K-8']],
    ])
  })

  it('two partial answers make a partial of both', () => {
    const m = mergeResult(board([col('a', [])], ['a']), board([col('c', [])], ['c']))
    expect((m.data as KanbanData).only).toEqual(['a', 'c'])
  })

  it('reads `only` leniently: ids only, each once', () => {
    const a = '0b4a3c1e-5a6f-4c2e-9d1b-1f2e3d4c5b6a'
    expect(kanban.params.parse({ only: `${a},${a.toUpperCase()},x,` }).only).toEqual([a])
    expect(kanban.params.parse({}).only).toEqual([])
  })
})
