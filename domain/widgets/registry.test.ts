import { describe, expect, it } from 'vitest'
import { calendarParams } from './kinds/calendar'
import { widgetParamsOf, withWidgetParams } from './params'
import { getWidgetType, isWidgetType, listWidgetTypes } from './registry'

const ctx = {
  fields: [{ title: 'Title', value: 'title' }],
  dateFields: [{ title: 'Created', value: 'created_at' }],
  dayFields: [{ title: 'Created', value: 'created_at' }],
  timeRangeFields: [{ title: 'Hours', value: 'cf_hours' }],
  positionFields: [{ title: 'Place', value: 'cf_place' }],
  selectFields: [{ title: 'Kind', value: 'cf_kind' }],
  processes: [{ id: 'p1', name: 'Demo', statuses: [{ id: 's1', name: 'Open' }] }],
}

describe('the widget registry', () => {
  it('knows table, calendar, schedule, map and kanban, and nothing else by accident', () => {
    expect(listWidgetTypes().map((k) => k.type)).toEqual(['table', 'calendar', 'schedule', 'map', 'kanban'])
    expect(isWidgetType('table')).toBe(true)
    expect(isWidgetType('toString')).toBe(false)
    expect(() => getWidgetType('pie')).toThrow()
  })

  it('declares settings as field definitions under settings.', () => {
    for (const kind of listWidgetTypes())
      for (const def of kind.settingsFields(ctx)) expect(def.name.startsWith('settings.')).toBe(true)
  })

  it('keeps a minimum size no larger than the default size', () => {
    for (const kind of listWidgetTypes()) {
      expect(kind.minSize.w).toBeLessThanOrEqual(kind.defaultSize.w)
      expect(kind.minSize.h).toBeLessThanOrEqual(kind.defaultSize.h)
    }
  })

  it("reads a table's page and filters leniently", () => {
    const table = getWidgetType('table')
    expect(table.params.parse({ page: '3', 'filter.title': ' bug ', 'filter.x': ' ' })).toEqual({
      page: 3,
      filters: { title: 'bug' },
    })
    expect(table.params.parse({ page: '-1' })).toEqual({ page: 1, filters: {} })
    expect(table.params.parse({ page: '99999999999999999999' })).toEqual({ page: 1, filters: {} })
  })

  it("reads a kanban's shown pages per column leniently (2…5, by status id)", () => {
    const id = '0b8f5a52-3c3e-4a8f-9d55-6f1f0e7a1c11'
    expect(
      getWidgetType('kanban').params.parse({
        [`more.${id}`]: '3',
        'more.x': '2',
        [`more.${id.slice(1)}`]: '9',
      }),
    ).toEqual({ more: { [id]: 3 }, only: [] })
    expect(getWidgetType('kanban').params.parse({ [`more.${id}`]: '99' })).toEqual({ more: {}, only: [] })
  })
})

describe("a calendar's month and day", () => {
  const now = new Date('2026-11-26T22:00:00Z')
  it('default to today in UTC', () =>
    expect(calendarParams({}, now)).toEqual({ month: '2026-11', day: '2026-11-26', page: 1 }))
  it('take a day and its month', () =>
    expect(calendarParams({ day: '2026-02-03' }, now)).toEqual({
      month: '2026-02',
      day: '2026-02-03',
      page: 1,
    }))
  it('start another month on its first', () =>
    expect(calendarParams({ month: '2026-01' }, now)).toEqual({
      month: '2026-01',
      day: '2026-01-01',
      page: 1,
    }))
  it('ignore an impossible date', () =>
    expect(calendarParams({ day: '2026-02-30' }, now)).toEqual({
      month: '2026-11',
      day: '2026-11-26',
      page: 1,
    }))
})

describe('per-widget parameters in one query string', () => {
  it('are grouped by widget id', () => {
    const q = new URLSearchParams('w.a.page=2&w.a.filter.title=x&w.b.day=2026-01-02&page=9&w.bad')
    expect(Object.fromEntries(widgetParamsOf(q))).toEqual({
      a: { page: '2', 'filter.title': 'x' },
      b: { day: '2026-01-02' },
    })
  })
  it("replace one widget's, keeping the others'", () => {
    const q = new URLSearchParams('w.a.page=2&w.b.page=5')
    expect(withWidgetParams(q, 'a', { page: 3 }).toString()).toBe('w.a.page=3&w.b.page=5')
    expect(withWidgetParams(q, 'a', { page: null }).toString()).toBe('w.b.page=5')
  })
})
