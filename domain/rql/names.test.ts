import { describe, expect, it } from 'vitest'
import { isRecordId, namedValues, nameKey } from './names'
import { checked } from './testing'

const ID = '0b9c6a1e-4f1d-4c55-9a51-2f0f5c1d8e7a'

describe('namedValues: the names a query uses, for the upstream to look up', () => {
  it.each<[string, unknown[]]>([
    ['status = "In progress"', [{ source: 'statuses', text: 'In progress' }]],
    ['process = TASK', [{ source: 'processes', text: 'TASK' }]],
    [
      'assignee = Petrov or author = "ivan@example.com"',
      [
        { source: 'users', text: 'Petrov' },
        { source: 'users', text: 'ivan@example.com' },
      ],
    ],
    ['status.id != Done', [{ source: 'statuses', text: 'Done' }]],
    ['cf_owner in (Petrov, me())', [{ source: 'users', text: 'Petrov' }]],
    [
      'not (status not in (Open, "open", Done))',
      [
        { source: 'statuses', text: 'Open' },
        { source: 'statuses', text: 'Done' },
      ],
    ],
  ])('%s', (text, names) => {
    expect(namedValues(checked(text))).toEqual(names)
  })

  it.each([
    `status = ${ID}`,
    'assignee = me()',
    'status.name = Open',
    'title ~ Petrov',
    'cf_select = high',
    'assignee is empty',
    '',
  ])('has none in %j', (text) => {
    expect(namedValues(checked(text))).toEqual([])
  })

  it('keys a name in any case and without its spaces', () => {
    expect(nameKey('statuses', '  In Progress ')).toBe(nameKey('statuses', 'in progress'))
    expect(nameKey('statuses', 'Open')).not.toBe(nameKey('processes', 'Open'))
  })

  it('tells ids from names', () => {
    expect(isRecordId(ID)).toBe(true)
    expect(isRecordId(ID.toUpperCase())).toBe(true)
    expect(isRecordId(`${ID}x`)).toBe(false)
    expect(isRecordId('Petrov')).toBe(false)
  })
})
