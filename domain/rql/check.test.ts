import { describe, expect, it } from 'vitest'
import type { FieldDefinition, FieldSettings, FieldType } from '../fields/types'
import { type CheckedCompare, type CheckedIn, checkQueryText } from './check'
import { rqlDetail } from './errors'

const cf = (name: string, type: FieldType, settings: FieldSettings = {}, structure?: FieldDefinition[]) => ({
  name,
  type,
  title: name,
  settings,
  ...(structure ? { structure } : {}),
})

/** One custom field of every type, plus a few settings worth telling apart. */
const FIELDS: FieldDefinition[] = [
  ...(['text', 'textarea', 'text_copy', 'email', 'password', 'qrcode', 'code', 'editor'] as const).map((t) =>
    cf(`cf_${t}`, t),
  ),
  ...(['number', 'progress', 'phone', 'checkbox', 'switch', 'file', 'json'] as const).map((t) =>
    cf(`cf_${t}`, t),
  ),
  ...(['date', 'time', 'datetime', 'month', 'year', 'quarter'] as const).map((t) => cf(`cf_${t}`, t)),
  ...(['week', 'daterange', 'timerange', 'multidate', 'address'] as const).map((t) => cf(`cf_${t}`, t)),
  cf('cf_select', 'select', {
    options: [
      { title: 'High', value: 'high' },
      { title: 'Low', value: 2 },
    ],
  }),
  cf('cf_tags', 'select', { multiple: true, options: [{ title: 'Bug', value: 'bug' }] }),
  cf('cf_owner', 'select', { source: 'users' }),
  cf('cf_radio', 'radio', { options: [{ title: 'A', value: 'a' }] }),
  cf('cf_pin', 'code', { length: 6 }),
  cf('cf_info', 'json', {}, [cf('note', 'text'), cf('size', 'number')]),
  cf('cf_rows', 'json', { multiple: true }, [cf('label', 'text')]),
  cf('cf_place', 'address', {}, [cf('town', 'text'), cf('zip', 'number')]),
]

function errorsOf(text: string) {
  const r = checkQueryText(text, FIELDS)
  if (r.ok) throw new Error(`${text} was accepted`)
  return r.errors.map((e) => ({ code: e.code, message: e.message, position: e.position }))
}

function checked(text: string) {
  const r = checkQueryText(text, FIELDS)
  if (!r.ok) throw new Error(`${text}: ${JSON.stringify(r.errors)}`)
  return r.value
}

/** The single operand of `key op value`, without its span. */
function operandOf(text: string) {
  const where = checked(text).where as CheckedCompare
  const { span: _, ...rest } = where.operand
  return rest
}

describe('checkQuery resolves keys', () => {
  it.each([
    ['title ~ a', 'title', 'text', 'contains'],
    ['description ~ a', 'description', 'editor', 'contains'],
    ['key = DEV-1', 'key', 'text', 'contains'],
    ['Status = x', 'status', 'select', 'option'],
    ['status.name ~ open', 'status.name', 'text', 'contains'],
    ['status.id = x', 'status.id', 'select', 'option'],
    ['process.key = DEV', 'process.key', 'text', 'contains'],
    ['ASSIGNEE.FIO.SURNAME ~ iv', 'assignee.fio.surname', 'text', 'contains'],
    ['author.contacts.email ~ ivan', 'author.contacts.email', 'email', 'contains'],
    ['author.contacts.phone = 89161234567', 'author.contacts.phone', 'phone', 'equality'],
    ['created_at > 2024-01-01', 'created_at', 'datetime', 'range'],
    ['cf_address.city ~ Mos', 'cf_address.city', 'text', 'contains'],
    ['cf_place.zip = 101000', 'cf_place.zip', 'number', 'equality'],
    ['cf_info.note ~ x', 'cf_info.note', 'text', 'contains'],
  ])('%j → %s (%s, %s)', (text, name, type, filter) => {
    const c = checked(text).where as CheckedCompare
    expect(c.field).toMatchObject({ name, type, filter: { kind: filter } })
  })

  it('tells stored columns from custom fields, and roots from paths', () => {
    const c = checked('assignee.contacts.email ~ a and cf_address.city ~ b').where
    if (c?.kind !== 'and') throw new Error('expected and')
    const [a, b] = c.operands as CheckedCompare[]
    expect(a.field).toMatchObject({ root: 'assignee', path: ['contacts', 'email'], custom: false })
    expect(b.field).toMatchObject({ root: 'cf_address', path: ['city'], custom: true })
  })

  it.each([
    ['foo = 1', 0],
    ['cf_nope = 1', 0],
    ['status.foo = 1', 0],
    ['title.x ~ a', 0],
    ['assignee.contacts = a', 0],
    ['cf_address.country ~ a', 0],
    ['cf_place.city ~ a', 0],
    ['a = 1 and cf_x.y = 2', 0],
  ])('refuses the unknown field in %j', (text, position) => {
    expect(errorsOf(text)[0]).toEqual({ code: 'rql.unknown_field', message: 'rql.unknown_field', position })
  })

  it.each([
    'attachments',
    'cf_password',
    'cf_qrcode',
    'cf_editor',
    'cf_progress',
    'cf_file',
    'cf_json',
    'cf_radio',
    'cf_week',
    'cf_daterange',
    'cf_timerange',
    'cf_multidate',
    'cf_address',
    'cf_place',
  ])('refuses to search %s (spec §5: not filterable)', (key) => {
    expect(errorsOf(`${key} is empty`)).toEqual([
      { code: 'rql.field_not_filterable', message: 'rql.field_not_filterable', position: 0 },
    ])
  })
})

describe('checkQuery allows the operators of the field type', () => {
  it.each([
    'title ~ a',
    'title !~ a',
    'title = a',
    'title in (a, b)',
    'cf_email is not empty',
    'cf_number > 3',
    'cf_number not in (1, 2)',
    'cf_phone != 89161234567',
    'cf_checkbox = true',
    'cf_select in (high, 2)',
    'status is empty',
    'cf_date >= 2024-01-01',
    'cf_time < 10:00',
    'description ~ login',
  ])('accepts %j', (text) => {
    expect(checkQueryText(text, FIELDS).ok).toBe(true)
  })

  it.each([
    ['cf_number ~ 3', 10, '~'],
    ['cf_phone > 89161234567', 9, '>'],
    ['cf_checkbox !~ true', 12, '!~'],
    ['status ~ open', 7, '~'],
    ['cf_select > high', 10, '>'],
    ['title > a', 6, '>'],
    ['cf_date in (2024-01-01)', 8, 'in'],
    ['created_at ~ 2024', 11, '~'],
    ['description = x', 12, '='],
    ['cf_year not in (2024)', 8, 'not in'],
  ])('refuses %j at %i', (text, position, operator) => {
    const r = checkQueryText(text, FIELDS)
    expect(!r.ok && r.errors).toEqual([
      expect.objectContaining({
        code: 'rql.operator_not_allowed',
        position,
        params: expect.objectContaining({ operator }),
      }),
    ])
  })
})

describe('checkQuery makes values what the field stores', () => {
  it.each<[string, unknown]>([
    ['title ~ "  Login  "', { kind: 'value', value: 'Login' }],
    ['title = 5.10', { kind: 'value', value: '5.10' }],
    ['title ~ -7d', { kind: 'value', value: '-7d' }],
    ['cf_email ~ ivan@', { kind: 'value', value: 'ivan@' }],
    ['cf_number = 42', { kind: 'value', value: 42 }],
    ['cf_number = "42"', { kind: 'value', value: 42 }],
    ['cf_phone = "8 (916) 123-45-67"', { kind: 'value', value: '+79161234567' }],
    ['author.contacts.phone = +79161234567', { kind: 'value', value: '+79161234567' }],
    ['cf_checkbox = true', { kind: 'value', value: true }],
    ['cf_switch = off', { kind: 'value', value: false }],
    ['cf_checkbox = 0', { kind: 'value', value: false }],
    ['cf_pin = 012345', { kind: 'value', value: '012345' }],
    ['cf_select = high', { kind: 'value', value: 'high' }],
    ['cf_select = HIGH', { kind: 'value', value: 'high' }],
    ['cf_select = 2', { kind: 'value', value: 2 }],
    ['cf_select = low', { kind: 'value', value: 2 }],
    ['cf_tags = Bug', { kind: 'value', value: 'bug' }],
    [
      'status = 0b9c6a1e-4f1d-4c55-9a51-2f0f5c1d8e7a',
      { kind: 'value', value: '0b9c6a1e-4f1d-4c55-9a51-2f0f5c1d8e7a' },
    ],
    ['status = 5', { kind: 'value', value: '5' }],
    ['assignee = me()', { kind: 'me' }],
    ['author.id = ME()', { kind: 'me' }],
    ['cf_owner = me()', { kind: 'me' }],
    ['cf_date = 31.01.2024', { kind: 'interval', interval: { from: '2024-01-31', to: '2024-02-01' } }],
    ['cf_date = 2024-02-29', { kind: 'interval', interval: { from: '2024-02-29', to: '2024-03-01' } }],
    [
      'created_at >= 31.12.2023',
      { kind: 'interval', interval: { from: '2023-12-31T00:00:00.000Z', to: '2024-01-01T00:00:00.000Z' } },
    ],
    [
      'created_at < "2024-01-31 10:30"',
      { kind: 'interval', interval: { from: '2024-01-31T10:30:00.000Z', to: '2024-01-31T10:31:00.000Z' } },
    ],
    ['cf_time = 9:05', { kind: 'interval', interval: { from: '09:05', to: '09:06' } }],
    ['cf_month = 12.2024', { kind: 'interval', interval: { from: '2024-12', to: '2025-01' } }],
    ['cf_year = 2024', { kind: 'interval', interval: { from: 2024, to: 2025 } }],
    ['cf_quarter = 4.2024', { kind: 'interval', interval: { from: '2024-Q4', to: '2025-Q1' } }],
    ['cf_date < today()', { kind: 'moment', moment: { kind: 'today' } }],
    ['created_at < now()', { kind: 'moment', moment: { kind: 'now' } }],
    ['cf_time > now()', { kind: 'moment', moment: { kind: 'now' } }],
    ['updated_at > -2w', { kind: 'moment', moment: { kind: 'relative', amount: -2, unit: 'w' } }],
    ['cf_month = +1M', { kind: 'moment', moment: { kind: 'relative', amount: 1, unit: 'm' } }],
  ])('%j', (text, operand) => {
    expect(operandOf(text)).toEqual(operand)
  })

  it('checks every value of a list', () => {
    const c = checked('cf_select in (high, Low)').where as CheckedIn
    expect(c.operands.map((o) => o.kind === 'value' && o.value)).toEqual(['high', 2])
  })

  it('marks fields holding several values', () => {
    expect((checked('cf_tags = bug').where as CheckedCompare).field.multiple).toBe(true)
    expect((checked('cf_rows.label ~ x').where as CheckedCompare).field.multiple).toBe(true)
    expect((checked('cf_select = high').where as CheckedCompare).field.multiple).toBe(false)
  })

  it.each([
    ['cf_number = 2.5', 12, 'value_error.number'],
    ['cf_number = abc', 12, 'value_error.number'],
    ['cf_number = -7d', 12, 'value_error.number'],
    ['cf_phone = 123', 11, 'value_error.phone'],
    ['cf_phone = "+7 ("', 11, 'rql.invalid_value.empty'],
    ['cf_checkbox = maybe', 14, 'value_error'],
    ['cf_pin = 1234', 9, 'validation.min_length'],
    ['cf_select = medium', 12, 'value_error.enum'],
    ['cf_date = 31.02.2024', 10, 'value_error.date'],
    ['cf_date = tomorrow', 10, 'value_error.date'],
    ['created_at > 2024-13-01', 13, 'value_error.date'],
    ['cf_time = 25:00', 10, 'value_error.date'],
    ['cf_year = 0', 10, 'value_error.date'],
    ['cf_quarter = 5.2024', 13, 'value_error.date'],
    ['title = ""', 8, 'rql.invalid_value.empty'],
    ['title ~ "   "', 8, 'rql.invalid_value.empty'],
    ['title = me()', 8, 'rql.invalid_value.function'],
    ['status = me()', 9, 'rql.invalid_value.function'],
    ['cf_select = today()', 12, 'rql.invalid_value.function'],
    ['cf_date = me()', 10, 'rql.invalid_value.function'],
    ['cf_time = today()', 10, 'rql.invalid_value.function'],
    ['cf_time > -1d', 10, 'rql.invalid_value'],
    ['cf_date > -10001y', 10, 'rql.invalid_value'],
    ['cf_date > -99999999999999999999d', 10, 'rql.invalid_value'],
  ])('refuses %j at %i with %s', (text, position, message) => {
    expect(errorsOf(text)).toEqual([{ code: 'rql.invalid_value', message, position }])
  })
})

describe('checkQuery sorts', () => {
  it('sorts by fields whose values order', () => {
    const q = checked('order by status, assignee.full_name desc, created_at, cf_number, cf_address.city')
    expect(q.orderBy.map((s) => `${s.field.name} ${s.direction}`)).toEqual([
      'status asc',
      'assignee.full_name desc',
      'created_at asc',
      'cf_number asc',
      'cf_address.city asc',
    ])
  })

  it.each([
    ['order by description', 9],
    ['order by attachments', 9],
    ['order by cf_tags', 9],
    ['order by cf_address', 9],
    ['order by cf_rows.label', 9],
    ['title ~ a order by title, cf_json', 26],
  ])('refuses to sort %j', (text, position) => {
    expect(errorsOf(text)).toEqual([
      { code: 'rql.field_not_sortable', message: 'rql.field_not_sortable', position },
    ])
  })
})

describe('checkQuery errors', () => {
  it('reports every problem, in the order of the text', () => {
    expect(errorsOf('order by nope').map((e) => e.code)).toEqual(['rql.unknown_field'])
    expect(errorsOf('cf_number ~ 1 or (foo = 2 and not cf_date = x) order by cf_tags')).toEqual([
      { code: 'rql.operator_not_allowed', message: 'rql.operator_not_allowed', position: 10 },
      { code: 'rql.unknown_field', message: 'rql.unknown_field', position: 18 },
      { code: 'rql.invalid_value', message: 'value_error.date', position: 44 },
      { code: 'rql.field_not_sortable', message: 'rql.field_not_sortable', position: 56 },
    ])
  })

  it('passes syntax errors through', () => {
    expect(errorsOf('title ~')).toEqual([
      { code: 'rql.syntax_error', message: 'rql.syntax_error.missing_value', position: 7 },
    ])
  })

  it('gives the upstream a detail entry with the field, the place counted from 1, and the reason', () => {
    const r = checkQueryText('title = 1 and cf_number = x', FIELDS)
    if (r.ok) throw new Error('accepted')
    expect(rqlDetail(r.errors[0])).toEqual({
      type: 'rql.invalid_value',
      msg: 'The value at position 27 does not suit the field cf_number',
      loc: ['body', 'query'],
      ctx: { field: 'cf_number', position: 27, reason: 'value_error.number' },
    })
    const syntax = checkQueryText('title (', FIELDS)
    if (syntax.ok) throw new Error('accepted')
    expect(rqlDetail(syntax.errors[0], ['body', 'settings', 'query'])).toMatchObject({
      type: 'rql.syntax_error',
      msg: 'The query has an error at position 7',
      loc: ['body', 'settings', 'query'],
      ctx: { position: 7, reason: 'rql.syntax_error.expected_operator' },
    })
  })

  it('accepts the empty query, and ignores custom definitions that repeat system fields', () => {
    expect(checked('')).toEqual({ where: null, orderBy: [], span: { start: 0, end: 0 } })
    const shadow = [cf('title', 'number'), cf('cf_odd', 'no_such_type' as FieldType)]
    const r = checkQueryText('title ~ a', shadow)
    expect(r.ok && (r.value.where as CheckedCompare).field.type).toBe('text')
    const odd = checkQueryText('cf_odd = 1', shadow)
    expect(!odd.ok && odd.errors[0].code).toBe('rql.field_not_filterable')
  })
})
