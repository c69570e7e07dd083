import { describe, expect, it } from 'vitest'
import { listFieldTypes } from '../fields/registry'
import type { FieldType } from '../fields/types'
import type { CheckedCompare } from './check'
import { type Interval, type Moment, momentType, rangeBounds, resolveMoment, shift } from './moments'
import { resolveOperand } from './resolve'
import { checked } from './testing'

const NOW = new Date('2024-01-31T10:30:45.123Z')
const iv = (from: string | number, to: string | number): Interval => ({ from, to })

describe('moments', () => {
  it('has a period for every type the registry filters by range', () => {
    const ranged = listFieldTypes().filter((k) => k.filter.kind === 'range')
    expect(ranged.length).toBeGreaterThan(0)
    for (const kind of ranged) expect(momentType(kind.type), kind.type).toBeDefined()
  })

  it.each<[FieldType, Moment, Interval | undefined]>([
    ['date', { kind: 'today' }, iv('2024-01-31', '2024-02-01')],
    ['date', { kind: 'now' }, iv('2024-01-31', '2024-02-01')],
    ['date', { kind: 'relative', amount: -7, unit: 'd' }, iv('2024-01-24', '2024-01-25')],
    ['date', { kind: 'relative', amount: 2, unit: 'w' }, iv('2024-02-14', '2024-02-15')],
    // The day is kept where the month has it: 31 January + 1 month is 29 February.
    ['date', { kind: 'relative', amount: 1, unit: 'm' }, iv('2024-02-29', '2024-03-01')],
    ['date', { kind: 'relative', amount: -13, unit: 'm' }, iv('2022-12-31', '2023-01-01')],
    ['datetime', { kind: 'now' }, iv('2024-01-31T10:30:45.123Z', '2024-01-31T10:30:45.124Z')],
    ['datetime', { kind: 'today' }, iv('2024-01-31T00:00:00.000Z', '2024-02-01T00:00:00.000Z')],
    [
      'datetime',
      { kind: 'relative', amount: -1, unit: 'd' },
      iv('2024-01-30T10:30:45.123Z', '2024-01-30T10:30:45.124Z'),
    ],
    ['time', { kind: 'now' }, iv('10:30', '10:31')],
    ['time', { kind: 'today' }, undefined],
    ['month', { kind: 'today' }, iv('2024-01', '2024-02')],
    ['month', { kind: 'relative', amount: -1, unit: 'm' }, iv('2023-12', '2024-01')],
    ['quarter', { kind: 'now' }, iv('2024-Q1', '2024-Q2')],
    ['quarter', { kind: 'relative', amount: 9, unit: 'm' }, iv('2024-Q4', '2025-Q1')],
    ['year', { kind: 'today' }, iv(2024, 2025)],
    ['year', { kind: 'relative', amount: -1, unit: 'y' }, iv(2023, 2024)],
    ['text', { kind: 'today' }, undefined],
  ])('%s %j → %j', (type, moment, interval) => {
    expect(resolveMoment(type, moment, NOW)).toEqual(interval)
  })

  it.each<[FieldType, string, Interval | undefined]>([
    ['date', '2024-12-31', iv('2024-12-31', '2025-01-01')],
    ['datetime', '2024-01-31T10:30:15Z', iv('2024-01-31T10:30:15.000Z', '2024-01-31T10:30:16.000Z')],
    ['datetime', '2024-01-31T10:30:15.5Z', iv('2024-01-31T10:30:15.500Z', '2024-01-31T10:30:15.501Z')],
    ['datetime', '2024-01-31T10:30+03:00', iv('2024-01-31T07:30:00.000Z', '2024-01-31T07:31:00.000Z')],
    ['time', '23:59', iv('23:59', '24:00')],
    ['month', '2024-12', iv('2024-12', '2025-01')],
    ['quarter', '2024-Q2', iv('2024-Q2', '2024-Q3')],
    ['year', '0099', iv(99, 100)],
    ['date', '2024-1-5', undefined],
  ])('reads %s %j as %j', (type, text, interval) => {
    expect(momentType(type)?.literal(text)).toEqual(interval)
  })

  it('shifts by months and years within the month, and stays within years 1–9999', () => {
    const leap = new Date('2024-02-29T12:00:00Z')
    expect(shift(leap, 1, 'y').toISOString()).toBe('2025-02-28T12:00:00.000Z')
    expect(shift(leap, 4, 'y').toISOString()).toBe('2028-02-29T12:00:00.000Z')
    expect(shift(new Date('0050-03-31T00:00:00Z'), -1, 'm').toISOString()).toBe('0050-02-28T00:00:00.000Z')
    expect(shift(NOW, -10_000, 'y').toISOString()).toBe('0001-01-01T00:00:00.000Z')
    expect(shift(NOW, 3_660_000, 'd').toISOString()).toBe('9999-12-31T23:59:59.999Z')
  })

  it.each([
    ['=', { gte: 'a', lt: 'b' }],
    ['!=', { gte: 'a', lt: 'b', negate: true }],
    ['>', { gte: 'b' }],
    ['>=', { gte: 'a' }],
    ['<', { lt: 'a' }],
    ['<=', { lt: 'b' }],
  ] as const)('compares %s with [from, to) as %j', (op, bounds) => {
    expect(rangeBounds(op, iv('a', 'b'))).toEqual(bounds)
  })
})

describe('resolveOperand', () => {
  const run = { now: NOW, userId: 'u-1' }
  const resolve = (text: string) => {
    const c = checked(text).where as CheckedCompare
    return resolveOperand(c.field, c.operand, run)
  }

  it('reads the clock and the user only when the query runs', () => {
    expect(resolve('assignee = me()')).toEqual({ kind: 'value', value: 'u-1' })
    expect(resolve('cf_number = 3')).toEqual({ kind: 'value', value: 3 })
    expect(resolve('cf_date = 2024-05-01')).toEqual({
      kind: 'interval',
      interval: iv('2024-05-01', '2024-05-02'),
    })
    expect(resolve('created_at > -1w')).toEqual({
      kind: 'interval',
      interval: iv('2024-01-24T10:30:45.123Z', '2024-01-24T10:30:45.124Z'),
    })
    expect(resolve('cf_month = today()')).toEqual({ kind: 'interval', interval: iv('2024-01', '2024-02') })
  })
})
