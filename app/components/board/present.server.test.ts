import type { CalendarData } from '@domain/widgets/kinds/calendar'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { presentWidget } from './present.server'

/*
 * A calendar's day tasks as the board page receives them: each field of view.fields as text by its
 * definition (a select by its option's title, a date dd.MM.yyyy, a person and a status by name), so
 * the browser only joins them with the delimiter.
 */

const t = ((key: string) => key) as unknown as TFunction

const data: CalendarData = {
  field: 'created_at',
  month: '2026-11',
  day: '2026-11-10',
  days: { '2026-11-10': 1 },
  total: 1,
  page: 1,
  per_page: 50,
  delimiter: '|',
  fields: [
    { name: 'key', type: 'text', title: 'fields.system.key', settings: {} },
    {
      name: 'cf_priority',
      type: 'select',
      title: 'Priority',
      settings: { options: [{ title: 'Low', value: 'low' }] },
    },
    { name: 'cf_due', type: 'date', title: 'Due', settings: {} },
    { name: 'assignee', type: 'select', title: 'fields.system.assignee', settings: {} },
    { name: 'status', type: 'select', title: 'fields.system.status', settings: {} },
  ],
  tasks: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      key: 'DEV-1',
      process_key: 'DEV',
      title: 'Pump',
      status: { id: '00000000-0000-4000-8000-00000000000a', name: 'Open', color: '#888' },
      values: [
        { name: 'key', type: 'text', title: 'fields.system.key', value: 'DEV-1' },
        { name: 'cf_priority', type: 'select', title: 'Priority', value: 'low' },
        { name: 'cf_due', type: 'date', title: 'Due', value: '2026-11-30' },
        { name: 'assignee', type: 'select', title: 'x', value: { id: 'u', full_name: 'Anna Petrova' } },
        { name: 'status', type: 'select', title: 'x', value: { id: 's', name: 'Open', color: '#888' } },
      ],
    },
  ],
}

describe("a calendar's day tasks as the page shows them", () => {
  it('are text by their field definitions', () => {
    const shown = presentWidget({ type: 'calendar', data }, t, 'ru').data as CalendarData
    expect(shown.tasks[0]!.values.map((v) => v.value)).toEqual([
      'DEV-1',
      'Low',
      '30.11.2026',
      'Anna Petrova',
      'Open',
    ])
    expect(shown.delimiter).toBe('|')
  })
})
