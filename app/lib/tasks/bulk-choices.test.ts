import type { Mover } from '@domain/workflow/types'
import { describe, expect, it } from 'vitest'
import { commonNames, type FlowOf, statusChoices } from './bulk-choices'

const anyone: Mover = { rights: {}, team_ids: [] }
const editor: Mover = { rights: { task_edit: null }, team_ids: [] }

// PRJ: a strict flow (todo → doing → done; done → doing for editors only); OPS: free moves.
const prj: FlowOf = {
  id: 'p-prj',
  key: 'PRJ',
  status_ids: ['todo', 'doing', 'done'],
  transitions: [
    { from_status_id: 'todo', to_status_id: 'doing', required_fields: ['assignee'] },
    { from_status_id: 'doing', to_status_id: 'done', required_fields: ['cf_resolution'] },
    { from_status_id: 'done', to_status_id: 'doing', right: 'task_edit' },
  ],
  field_rules: [{ status_id: 'done', field: 'cf_closed_on', rule: 'required' }],
}
const ops: FlowOf = { id: 'p-ops', key: 'OPS', status_ids: ['new', 'closed'], transitions: [] }
const flows = new Map([
  [prj.id, prj],
  [ops.id, ops],
])
const task = (key: string, process_id: string, status_id: string) => ({ key, process_id, status_id })

describe('statusChoices: what the workflow allows from each selected task', () => {
  it('offers each reachable status with how many tasks may take it and what it requires', () => {
    const tasks = [
      task('PRJ-1', 'p-prj', 'todo'),
      task('PRJ-2', 'p-prj', 'todo'),
      task('PRJ-3', 'p-prj', 'doing'),
    ]
    expect(statusChoices(tasks, flows, anyone)).toEqual([
      // PRJ-3 is in doing already (counts as allowed), PRJ-1 and PRJ-2 may move there.
      { status_id: 'doing', allowed: 3, required: ['assignee'] },
      { status_id: 'done', allowed: 1, required: ['cf_resolution', 'cf_closed_on'] },
    ])
  })

  it('a move needing a right is offered only to a mover who holds it', () => {
    const tasks = [task('PRJ-4', 'p-prj', 'done')]
    expect(statusChoices(tasks, flows, anyone)).toEqual([])
    expect(statusChoices(tasks, flows, editor)).toEqual([{ status_id: 'doing', allowed: 1, required: [] }])
  })

  it('counts tasks of different processes apart: a status of one process is not offered to the other', () => {
    const tasks = [task('PRJ-1', 'p-prj', 'todo'), task('OPS-1', 'p-ops', 'new')]
    const choices = statusChoices(tasks, flows, anyone)
    expect(choices).toContainEqual({ status_id: 'closed', allowed: 1, required: [] })
    expect(choices).toContainEqual({ status_id: 'doing', allowed: 1, required: ['assignee'] })
    expect(choices.find((c) => c.status_id === 'new')).toBeUndefined()
  })

  it('ignores a task of a process it does not know', () => {
    expect(statusChoices([task('X-1', 'p-gone', 'todo')], flows, anyone)).toEqual([])
  })
})

describe('commonNames: the custom fields the selected processes share', () => {
  it('keeps the names every list holds, in the first list’s order', () => {
    expect(
      commonNames([
        ['cf_a', 'cf_b', 'cf_c'],
        ['cf_c', 'cf_a'],
        ['cf_a', 'cf_c', 'cf_z'],
      ]),
    ).toEqual(['cf_a', 'cf_c'])
    expect(commonNames([['cf_a']])).toEqual(['cf_a'])
    expect(commonNames([])).toEqual([])
  })
})
