import { describe, expect, it } from 'vitest'
import { buildFormSchema } from '../fields/form'
import { settingsContextOf } from './context'
import { getWidgetType } from './registry'

const fields = [
  { name: 'title', type: 'text', title: 'fields.system.title' },
  { name: 'status', type: 'select', title: 'fields.system.status' },
  { name: 'assignee', type: 'select', title: 'fields.system.assignee' },
  { name: 'created_at', type: 'datetime', title: 'fields.system.created_at' },
  { name: 'updated_at', type: 'datetime', title: 'fields.system.updated_at' },
  { name: 'cf_due', type: 'date', title: 'Due' },
  { name: 'cf_note', type: 'text', title: '' },
  { name: 'cf_span', type: 'daterange', title: 'Span' },
  { name: 'cf_hours', type: 'timerange', title: 'Hours' },
  { name: 'cf_place', type: 'address', title: 'Place' },
]

describe('the settings context of a node', () => {
  const ctx = settingsContextOf(fields)

  it('offers the task key first, then every field by name', () => {
    expect(ctx.fields.map((o) => o.value)).toEqual([
      'key',
      'title',
      'status',
      'assignee',
      'created_at',
      'updated_at',
      'cf_due',
      'cf_note',
      'cf_span',
      'cf_hours',
      'cf_place',
    ])
    expect(ctx.fields.find((o) => o.value === 'cf_note')).toEqual({ title: 'cf_note', value: 'cf_note' })
  })

  it('offers a calendar the date and date-time fields only', () =>
    expect(ctx.dateFields.map((o) => o.value)).toEqual(['created_at', 'updated_at', 'cf_due']))

  it('offers a map the position (address) fields only', () =>
    expect(ctx.positionFields).toEqual([{ title: 'Place', value: 'cf_place' }]))

  it('offers a schedule its days (dates, date-times, date ranges) and its time ranges', () => {
    expect(ctx.dayFields.map((o) => o.value)).toEqual(['created_at', 'updated_at', 'cf_due', 'cf_span'])
    expect(ctx.timeRangeFields.map((o) => o.value)).toEqual(['cf_hours'])
  })

  it("accepts each type's defaults in its settings form", () => {
    for (const type of ['table', 'calendar', 'schedule', 'map']) {
      const defs = getWidgetType(type).settingsFields(ctx)
      const defaults = Object.fromEntries(defs.map((d) => [d.name, d.settings.default]))
      const schema = buildFormSchema(defs)
      const value: Record<string, unknown> = {}
      for (const [name, v] of Object.entries(defaults)) {
        const path = name.split('.')
        let node = value
        for (const key of path.slice(0, -1)) {
          node[key] ??= {}
          node = node[key] as Record<string, unknown>
        }
        node[path[path.length - 1]] = v
      }
      expect(schema.safeParse(value).success).toBe(true)
    }
  })
})
