import { describe, expect, it } from 'vitest'
import { taskChangeEvents } from '.'

const base = { node_id: 'n', actor_id: 'a', task: { id: 't', key: 'DEV-1' }, version: 4 }

describe('taskChangeEvents', () => {
  it('says a status change as task.moved and the other fields as one task.edited, in that order', () => {
    const events = taskChangeEvents({ ...base, batch_id: 'b' }, [
      { field: 'title', old: 'x', new: 'y' },
      { field: 'status', old: 's1', new: 's2' },
      { field: 'cf_points', old: null, new: 3 },
    ])
    expect(events).toEqual([
      {
        type: 'task.moved',
        node_id: 'n',
        actor_id: 'a',
        data: { task: base.task, version: 4, from: 's1', to: 's2', batch_id: 'b' },
      },
      {
        type: 'task.edited',
        node_id: 'n',
        actor_id: 'a',
        data: {
          task: base.task,
          version: 4,
          batch_id: 'b',
          changes: [
            { field: 'title', old: 'x', new: 'y' },
            { field: 'cf_points', old: null, new: 3 },
          ],
        },
      },
    ])
  })

  it('emits only what changed: a move alone, fields alone, nothing for no change', () => {
    expect(taskChangeEvents(base, [{ field: 'status', old: 's1', new: 's2' }]).map((e) => e.type)).toEqual([
      'task.moved',
    ])
    expect(taskChangeEvents(base, [{ field: 'assignee', old: null, new: 'u' }])).toMatchObject([
      { type: 'task.edited', data: { batch_id: null } },
    ])
    expect(taskChangeEvents(base, [])).toEqual([])
  })
})
