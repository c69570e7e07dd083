import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../errors/catalogue'
import type { FieldType } from '../fields/types'
import { type CheckedCompare, checkQueryText } from './check'
import { rqlDetail } from './errors'
import { cf, checked, errorsOf, FIELDS } from './testing'

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

describe('checkQuery on random conditions', () => {
  const keys = [...FIELDS.map((f) => f.name), 'status', 'assignee.id', 'created_at', 'cf_place.zip', 'nope']
  const values = [
    'x',
    '""',
    '0',
    '42',
    '-7d',
    '+1y',
    'me()',
    'today()',
    'now()',
    '31.02.2024',
    '2024-01-31',
    '"+7 ("',
  ]
  const ops = ['=', '!=', '>', '>=', '<', '<=', '~', '!~']
  const condition = fc.oneof(
    fc
      .tuple(fc.constantFrom(...keys), fc.constantFrom(...ops), fc.constantFrom(...values))
      .map((p) => p.join(' ')),
    fc
      .tuple(
        fc.constantFrom(...keys),
        fc.constantFrom('in', 'not in'),
        fc.array(fc.constantFrom(...values), { minLength: 1 }),
      )
      .map(([k, op, vs]) => `${k} ${op} (${vs.join(', ')})`),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom('is empty', 'is not empty')).map((p) => p.join(' ')),
  )
  const query = fc
    .tuple(
      fc.array(condition, { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom(...keys), { maxLength: 2 }),
    )
    .map(([cs, sorts]) => cs.join(' or ') + (sorts.length ? ` order by ${sorts.join(', ')}` : ''))

  it('never throws, and points every error into the text', () => {
    fc.assert(
      fc.property(query, (text) => {
        const r = checkQueryText(text, FIELDS)
        if (r.ok) return
        for (const e of r.errors) {
          expect(e.code).not.toBe('rql.syntax_error')
          expect(e.message in catalogue).toBe(true)
          expect(0 <= e.position && e.position < e.end && e.end <= text.length).toBe(true)
        }
      }),
      { numRuns: 2000 },
    )
    // 2,000 runs take about a second alone; a busy CI machine may take several.
  }, 30_000)
})
