import { describe, expect, it } from 'vitest'
import { buildDefaults, buildFormSchema } from '../../fields/form'
import { settingsContextOf } from '../context'
import {
  CALENDAR_DEFAULT_DELIMITER,
  CALENDAR_DEFAULT_FIELDS,
  calendar,
  calendarParams,
  cardLine,
  joiner,
  shownValues,
} from './calendar'

/*
 * The calendar's "card fields and delimiter" (spec §3 widget settings) as the generic settings form
 * declares and checks them, its page parameter, and how a day's task joins its fields.
 */

const ctx = settingsContextOf([
  { name: 'title', type: 'text', title: 'fields.system.title' },
  { name: 'status', type: 'select', title: 'fields.system.status' },
  { name: 'assignee', type: 'select', title: 'fields.system.assignee' },
  { name: 'created_at', type: 'datetime', title: 'fields.system.created_at' },
  { name: 'cf_due', type: 'date', title: 'Due' },
  { name: 'cf_place', type: 'text', title: 'Place' },
])
const defs = calendar.settingsFields(ctx)
const schema = buildFormSchema(defs)
const check = (view: Record<string, unknown>) =>
  schema.safeParse({ settings: { navigation: { field: 'created_at' }, view } })

describe("a calendar's card fields and delimiter", () => {
  it('are field definitions of the generic form, titled as the calendar’s own', () => {
    const byName = Object.fromEntries(defs.map((d) => [d.name, d]))
    expect(byName['settings.view.fields']).toMatchObject({
      type: 'select',
      title: 'widgets.settings.calendar.view.fields',
      settings: { multiple: true },
    })
    // Any field of the node, system and custom, is a choice.
    const options = (byName['settings.view.fields']!.settings.options ?? []).map((o) => o.value)
    expect(options).toEqual(expect.arrayContaining(['key', 'title', 'status', 'assignee', 'cf_place']))
    expect(byName['settings.view.delimiter']).toMatchObject({
      type: 'text',
      title: 'widgets.settings.calendar.view.delimiter',
    })
  })

  it("default to today's look: key, title and status, joined by a middle dot", () => {
    expect(buildDefaults(defs).settings).toMatchObject({
      view: { fields: [...CALENDAR_DEFAULT_FIELDS], delimiter: CALENDAR_DEFAULT_DELIMITER },
    })
  })

  it('accept system and custom fields and a short delimiter', () => {
    expect(check({ fields: ['cf_place', 'assignee', 'key'], delimiter: '|' }).success).toBe(true)
  })

  it('refuse a field the node does not have, at view.fields', () => {
    const res = check({ fields: ['title', 'cf_nope'], delimiter: '|' })
    expect(res.success).toBe(false)
    expect(res.error!.issues[0]!.path.slice(0, 3)).toEqual(['settings', 'view', 'fields'])
  })

  it('refuse a delimiter longer than 10 characters, at view.delimiter', () => {
    const res = check({ fields: ['title'], delimiter: '-'.repeat(11) })
    expect(res.success).toBe(false)
    expect(res.error!.issues[0]!.path).toEqual(['settings', 'view', 'delimiter'])
  })
})

describe("a day's task line", () => {
  const v = (name: string, value: unknown) => ({ name, value })

  it('joins the fields that have text, in order, by the delimiter with a space either side', () => {
    expect(cardLine([v('key', 'A-1'), v('cf', ''), v('title', 'Pump'), v('n', null)], '|')).toBe('A-1 | Pump')
    expect(shownValues([v('a', ''), v('b', 'x')]).map((x) => x.name)).toEqual(['b'])
  })

  it('an empty delimiter is one space', () => {
    expect(joiner('')).toBe(' ')
    expect(cardLine([v('key', 'A-1'), v('title', 'Pump')], '')).toBe('A-1 Pump')
  })
})

describe("a calendar's page of the day", () => {
  const now = new Date('2026-11-26T22:00:00Z')
  it('is 1 by default or when bad, else the number asked for', () => {
    expect(calendarParams({}, now).page).toBe(1)
    expect(calendarParams({ page: '0' }, now).page).toBe(1)
    expect(calendarParams({ page: '-2' }, now).page).toBe(1)
    expect(calendarParams({ page: 'x' }, now).page).toBe(1)
    expect(calendarParams({ day: '2026-02-03', page: '3' }, now)).toEqual({
      month: '2026-02',
      day: '2026-02-03',
      page: 3,
    })
  })
})
