import { parseWithZod } from '@conform-to/zod'
import { settingsContextOf } from '@domain/widgets/context'
import { getWidgetType } from '@domain/widgets/registry'
import { describe, expect, it } from 'vitest'
import {
  bindFormSchema,
  boardFormSchema,
  customDefinitions,
  importFormSchema,
  layoutFormSchema,
  queryDetail,
  readRqlError,
  widgetEditSchema,
  widgetNewSchema,
} from './schemas'

const W1 = '11111111-1111-4111-8111-111111111111'
const W2 = '22222222-2222-4222-8222-222222222222'

/** What a browser posts: name/value pairs, repeated names included. */
const post = (pairs: [string, string][]) => {
  const data = new FormData()
  for (const [k, v] of pairs) data.append(k, v)
  return data
}
const parse = (schema: Parameters<typeof parseWithZod>[1]['schema'], pairs: [string, string][]) =>
  parseWithZod(post([['csrf', 'token'], ['intent', 'save'], ...pairs]), { schema })
const errorsOf = (s: ReturnType<typeof parse>) => (s.status === 'success' ? undefined : s.error)
const parsedOf = (s: ReturnType<typeof parse>) => (s.status === 'success' ? s.value : undefined)

const fields = [
  { name: 'title', type: 'text', title: 'fields.system.title', settings: {}, structure: null, system: true },
  {
    name: 'created_at',
    type: 'datetime',
    title: 'fields.system.created_at',
    settings: {},
    structure: null,
    system: true,
  },
  { name: 'cf_due', type: 'date', title: 'Due', settings: {}, structure: null, system: false },
]
const ctx = settingsContextOf(fields)
const custom = customDefinitions(fields)

describe('widgetNewSchema', () => {
  it('takes a registered type and a title', () => {
    expect(
      parsedOf(
        parse(widgetNewSchema, [
          ['type', 'table'],
          ['title', ' Mine '],
        ]),
      ),
    ).toEqual({
      type: 'table',
      title: 'Mine',
    })
  })
  it('refuses a type the registry does not have, and a missing title', () => {
    expect(errorsOf(parse(widgetNewSchema, [['type', 'pie']]))).toEqual({
      type: ['widgets.unknown_type'],
      title: ['value_error.missing'],
    })
  })
})

describe('widgetEditSchema', () => {
  const table = widgetEditSchema(getWidgetType('table').settingsFields(ctx), custom)
  const calendar = widgetEditSchema(getWidgetType('calendar').settingsFields(ctx), custom)

  it("takes the title, the query and the type's settings as the PATCH body", () => {
    const s = parse(table, [
      ['title', 'Open'],
      ['query', 'cf_due < today() order by key'],
      ['settings.view.headers', 'key'],
      ['settings.view.headers', 'title'],
      ['settings.pagination.per_page', '10'],
    ])
    expect(parsedOf(s)).toEqual({
      title: 'Open',
      query: 'cf_due < today() order by key',
      settings: { view: { headers: ['key', 'title'], filters: null }, pagination: { per_page: 10 } },
    })
  })

  it('sends an emptied query as empty (every task)', () =>
    expect(
      parsedOf(
        parse(calendar, [
          ['title', 'C'],
          ['settings.navigation.field', 'cf_due'],
        ]),
      ),
    ).toEqual({
      title: 'C',
      query: '',
      // Unset view settings are sent as null (the upstream's defaults), as the table's filters are.
      settings: { navigation: { field: 'cf_due' }, view: { fields: null, delimiter: null } },
    }))

  it('refuses a calendar field that is not a date', () =>
    expect(
      errorsOf(
        parse(calendar, [
          ['title', 'C'],
          ['settings.navigation.field', 'title'],
        ]),
      )?.['settings.navigation.field'],
    ).toBeDefined())

  it('reports a query that does not parse with its reason and position', () => {
    const errors = errorsOf(
      parse(table, [
        ['title', 'T'],
        ['query', 'status = '],
      ]),
    )
    expect(errors?.query).toHaveLength(1)
    const e = readRqlError(errors?.query?.[0] ?? '')
    expect(e.code).toBe('rql.syntax_error')
    expect(e.message).toBe('rql.syntax_error.missing_value')
    expect(e.params.position).toBe(9)
  })

  it('reports an unknown field', () => {
    const e = readRqlError(
      errorsOf(
        parse(table, [
          ['title', 'T'],
          ['query', 'cf_nope = 1'],
        ]),
      )?.query?.[0] ?? '',
    )
    expect(e.code).toBe('rql.unknown_field')
  })

  it('shows a plain code as it is', () =>
    expect(readRqlError('rql.syntax_error')).toEqual({
      code: 'rql.syntax_error',
      message: 'rql.syntax_error',
      params: {},
    }))
})

describe('boardFormSchema', () => {
  it('reads unchecked switches as off and nests the menu options under settings', () => {
    expect(
      parsedOf(
        parse(boardFormSchema, [
          ['name', 'Main'],
          ['no_top_menu', 'on'],
        ]),
      ),
    ).toEqual({
      name: 'Main',
      is_default: false,
      settings: { no_left_menu: false, no_top_menu: true },
    })
  })
})

describe('bindFormSchema', () => {
  it('needs a widget id', () => {
    expect(parsedOf(parse(bindFormSchema, [['widget_id', W1]]))).toEqual({ widget_id: W1 })
    expect(errorsOf(parse(bindFormSchema, [['widget_id', 'x']]))).toEqual({ widget_id: ['value_error.uuid'] })
  })
})

describe('layoutFormSchema', () => {
  it('reads numeric fields per widget and clamps them to the 48 columns', () => {
    const s = parse(layoutFormSchema, [
      ['layout[0].i', W1],
      ['layout[0].x', '40'],
      ['layout[0].y', '0'],
      ['layout[0].w', '24'],
      ['layout[0].h', '10'],
      ['layout[1].i', W2],
      ['layout[1].x', '0'],
      ['layout[1].y', '10'],
      ['layout[1].w', '100'],
      ['layout[1].h', '0'],
    ])
    expect(parsedOf(s)).toEqual({
      layout: [
        { i: W1, x: 24, y: 0, w: 24, h: 10 },
        { i: W2, x: 0, y: 10, w: 48, h: 1 },
      ],
    })
  })

  it('refuses a missing or negative number, and a widget twice', () => {
    const errors = errorsOf(
      parse(layoutFormSchema, [
        ['layout[0].i', W1],
        ['layout[0].x', ''],
        ['layout[0].y', '-1'],
        ['layout[0].w', '2'],
        ['layout[0].h', 'x'],
      ]),
    )
    expect(errors?.['layout[0].x']).toEqual(['value_error.missing'])
    expect(errors?.['layout[0].y']).toEqual(['value_error.number'])
    expect(errors?.['layout[0].h']).toBeDefined()
    const twice = errorsOf(
      parse(layoutFormSchema, [
        ['layout[0].i', W1],
        ['layout[0].x', '0'],
        ['layout[0].y', '0'],
        ['layout[0].w', '2'],
        ['layout[0].h', '2'],
        ['layout[1].i', W1],
        ['layout[1].x', '0'],
        ['layout[1].y', '2'],
        ['layout[1].w', '2'],
        ['layout[1].h', '2'],
      ]),
    )
    expect(twice?.['layout[1].i']).toEqual(['boards.layout_duplicate_id'])
  })

  it('takes an empty board', () => expect(parsedOf(parse(layoutFormSchema, []))).toEqual({ layout: [] }))
})

describe('importFormSchema', () => {
  it('parses the document', () =>
    expect(parsedOf(parse(importFormSchema, [['text', '{"board":{"name":"B"}}']]))).toEqual({
      text: { board: { name: 'B' } },
    }))
  it('refuses what is not a JSON object, and nothing', () => {
    expect(errorsOf(parse(importFormSchema, [['text', '{nope']]))).toEqual({
      text: ['admin_boards.import.invalid_json'],
    })
    expect(errorsOf(parse(importFormSchema, [['text', '[1]']]))).toEqual({
      text: ['admin_boards.import.invalid_json'],
    })
    expect(errorsOf(parse(importFormSchema, [['text', '  ']]))).toEqual({
      text: ['admin_boards.import.missing'],
    })
  })
})

describe('queryDetail', () => {
  it("makes the upstream's query refusal the editor's error, with its reason and place", () => {
    const entry = {
      type: 'rql.invalid_value',
      msg: 'x',
      loc: ['body', 'query'],
      ctx: { position: 10, field: 'status', reason: 'rql.invalid_value' },
    }
    const e = readRqlError(queryDetail(entry).type)
    expect(e).toEqual({
      code: 'rql.invalid_value',
      message: 'rql.invalid_value',
      params: { position: 10, field: 'status' },
      position: 9,
      end: 10,
    })
  })
  it('leaves other entries as they are', () => {
    const entry = { type: 'value_error.missing', msg: 'x', loc: ['body', 'title'] }
    expect(queryDetail(entry)).toBe(entry)
  })
})
