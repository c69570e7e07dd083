import { describe, expect, it } from 'vitest'
import { historyRows } from './history'

const lookups = {
  definitions: [
    { name: 'title', type: 'text' as const, title: 'fields.system.title', settings: {} },
    { name: 'cf_done', type: 'checkbox' as const, title: 'Done', settings: {} },
  ],
  names: {
    assignee: new Map([['u1', 'Ann']]),
    author: new Map([['u1', 'Ann']]),
    status: new Map([
      ['s1', 'Open'],
      ['s2', 'Done'],
    ]),
    process: new Map<string, string>(),
  },
  locale: 'en',
  t: (k: string) => (k === 'fields.value.yes' ? 'Yes' : k),
}

describe('historyRows', () => {
  it('newest first, references by name, values as text', () => {
    const rows = historyRows(
      [
        {
          id: 1,
          field: 'created',
          old_value: null,
          new_value: null,
          actor: { full_name: 'Ann' },
          created_at: '2024-05-01T10:00:00Z',
        },
        {
          id: 2,
          field: 'status',
          old_value: 's1',
          new_value: 's2',
          actor: null,
          created_at: '2024-05-01T11:00:00Z',
        },
        {
          id: 3,
          field: 'title',
          old_value: 'a',
          new_value: 'b',
          actor: { full_name: 'Ann' },
          created_at: '2024-05-01T11:00:00Z',
        },
        {
          id: 4,
          field: 'attachments',
          old_value: null,
          new_value: { id: 'x', name: 'a.txt' },
          actor: null,
          created_at: '2024-05-01T09:00:00Z',
        },
      ],
      lookups,
    )
    expect(rows.map((r) => [r.id, r.field, r.old, r.new])).toEqual([
      [3, 'fields.system.title', 'a', 'b'],
      [2, 'fields.system.status', 'Open', 'Done'],
      [1, 'tasks.history.created', '', ''],
      [4, 'fields.system.attachments', '', 'a.txt'],
    ])
    expect(rows[0].actor).toBe('Ann')
  })

  it('an unknown id or field is shown as stored', () => {
    const [row] = historyRows(
      [
        {
          id: 1,
          field: 'assignee',
          old_value: 'u9',
          new_value: 'u1',
          actor: null,
          created_at: '2024-05-01T10:00:00Z',
        },
      ],
      lookups,
    )
    expect([row.old, row.new]).toEqual(['u9', 'Ann'])
    const [other] = historyRows(
      [
        {
          id: 2,
          field: 'cf_gone',
          old_value: { a: 1 },
          new_value: 2,
          actor: null,
          created_at: '2024-05-01T10:00:00Z',
        },
      ],
      lookups,
    )
    expect([other.field, other.old, other.new]).toEqual(['cf_gone', '{"a":1}', '2'])
  })
})
