import { describe, expect, it } from 'vitest'
import type { CheckedCompare, CheckedIn } from './check'
import { checked, errorsOf, operandOf } from './testing'

describe('checkQuery makes values what the field stores', () => {
  it.each<[string, unknown]>([
    ['title ~ "  Login  "', { kind: 'value', value: 'Login' }],
    ['title = 5.10', { kind: 'value', value: '5.10' }],
    ['title ~ -7d', { kind: 'value', value: '-7d' }],
    ['cf_email ~ ivan@', { kind: 'value', value: 'ivan@' }],
    ['cf_number = 42', { kind: 'value', value: 42 }],
    ['cf_number = "42"', { kind: 'value', value: 42 }],
    // A negative number is a number (not a broken relative date), and a query may compare with a fraction.
    ['cf_number > -10', { kind: 'value', value: -10 }],
    ['cf_number>-10', { kind: 'value', value: -10 }],
    ['cf_number <= -2.5', { kind: 'value', value: -2.5 }],
    ['cf_number = +3', { kind: 'value', value: 3 }],
    ['cf_number >= "-1"', { kind: 'value', value: -1 }],
    ['cf_info.size < -1', { kind: 'value', value: -1 }],
    // Names of records stay as typed: the upstream looks them up (names.ts).
    ['status = "In progress"', { kind: 'value', value: 'In progress' }],
    ['assignee = Petrov', { kind: 'value', value: 'Petrov' }],
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

  it('keeps relative dates on dates and reads signed numbers on numbers in one query', () => {
    const c = checked('created_at > -7d and cf_number > -7 and updated_at < +2w').where as {
      operands: CheckedCompare[]
    }
    expect(c.operands.map((o) => o.operand.kind)).toEqual(['moment', 'value', 'moment'])
    expect(c.operands[1]!.operand).toMatchObject({ kind: 'value', value: -7 })
  })

  it('reads every negative number of a list', () => {
    const c = checked('cf_number in (-1, 2, -3.5)').where as CheckedIn
    expect(c.operands.map((o) => o.kind === 'value' && o.value)).toEqual([-1, 2, -3.5])
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
    ['cf_number > -10d', 12, 'value_error.number'],
    ['cf_number > 1e3', 12, 'value_error.number'],
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
