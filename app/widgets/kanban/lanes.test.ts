import type { KanbanCard, KanbanColumn, KanbanData } from '@domain/widgets/kinds/kanban'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { presentWidget } from '~/components/board/present.server'
import { cellCount, inLane, lanesOf } from './lanes'

/*
 * A kanban's swimlanes as the board shows them (issue 26): the upstream's answer through the web
 * app's presentation (the lane value as text by the field's definition), then the rows: a select's
 * lanes titled by the option (not the stored value) in the options' order, people by name, the
 * no-value lane last, each with its cards over all the columns.
 */

const t = ((key: string) => key) as unknown as TFunction

const task = (key: string, lane: string, lane_value?: unknown): KanbanCard => ({
  id: key,
  key,
  title: key,
  process_key: 'DEV',
  status: null,
  version: 1,
  values: [],
  lane,
  ...(lane_value === undefined ? {} : { lane_value }),
})
const col = (id: string, tasks: KanbanCard[]): KanbanColumn => ({
  status: { id, name: id, color: '#000' },
  total: tasks.length,
  wip: null,
  over: false,
  moves_to: [],
  requires: {},
  pages: 1,
  tasks,
})
const shown = (swimlane: KanbanData['swimlane'], columns: KanbanColumn[]) => {
  const data: KanbanData = {
    process: null,
    swimlane,
    delimiter: '·',
    per_page: 20,
    columns,
    required_fields: [],
  }
  const presented = presentWidget({ type: 'kanban', data }, t, 'en').data as KanbanData
  return { presented, lanes: lanesOf(presented.swimlane, presented.columns) }
}

const priority = {
  name: 'cf_priority',
  title: 'Priority',
  type: 'select',
  settings: {
    options: [
      { title: 'Low', value: 'low' },
      { title: 'Normal', value: 'normal' },
      { title: 'High', value: 'high' },
    ],
  },
}

describe("a kanban's swimlanes", () => {
  it("are a select's options by title, in the options' order, the no-value lane last", () => {
    const { presented, lanes } = shown(priority, [
      col('open', [task('K-1', ''), task('K-2', 'high', 'high')]),
      col('done', [task('K-3', 'low', 'low'), task('K-4', 'high', 'high'), task('K-5', 'gone', 'gone')]),
    ])
    expect(lanes.map((l) => [l.key, l.title, l.count])).toEqual([
      ['low', 'Low', 1],
      ['high', 'High', 2],
      // A value the options no longer have: after them, as stored.
      ['gone', 'gone', 1],
      ['', '', 1],
    ])
    // Each lane's cell of a column holds its cards only.
    const high = lanes[1]!
    expect(presented.columns.map((c) => inLane(c, high, true).map((x) => x.key))).toEqual([['K-2'], ['K-4']])
  })

  it('are people by name for the assignee, those without one last', () => {
    const person = (id: string, full_name: string) => ({ id, full_name, user_name: `${id}@x` })
    const { lanes } = shown(
      { name: 'assignee', title: 'fields.system.assignee', type: 'select', settings: {} },
      [
        col('open', [task('K-1', 'u2', person('u2', 'Boris')), task('K-2', '')]),
        col('done', [task('K-3', 'u1', person('u1', 'Anna'))]),
      ],
    )
    expect(lanes.map((l) => [l.key, l.title])).toEqual([
      ['u1', 'Anna'],
      ['u2', 'Boris'],
      ['', ''],
    ])
  })

  it("count each lane's tasks over the columns, not the cards shown; a lane cut whole still has its row", () => {
    const open = {
      ...col('open', [task('K-1', 'high', 'high')]),
      total: 4,
      lanes: { high: 2, '': 1, low: 1 },
    }
    const done = { ...col('done', [task('K-2', 'high', 'high')]), total: 1, lanes: { high: 1 } }
    const { presented, lanes } = shown(priority, [open, done])
    expect(lanes.map((l) => [l.key, l.title, l.count, l.total])).toEqual([
      ['low', 'Low', 0, 1],
      ['high', 'High', 2, 3],
      ['', '', 0, 1],
    ])
    // The cell says how many of how many: High in Open shows one of two.
    expect(cellCount(presented.columns[0]!, lanes[1]!, true)).toEqual({ shown: 1, total: 2 })
    expect(cellCount(presented.columns[1]!, lanes[1]!, true)).toEqual({ shown: 1, total: 1 })
  })

  it('are one row of every card without swimlanes', () => {
    const columns = [col('open', [task('K-1', '')]), col('done', [task('K-2', '')])]
    const { lanes } = shown(null, columns)
    expect(lanes).toEqual([{ key: '', title: '', count: 2, total: 2 }])
    expect(inLane(columns[1]!, lanes[0]!, false).map((x) => x.key)).toEqual(['K-2'])
  })
})
