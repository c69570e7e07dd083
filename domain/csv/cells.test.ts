import { describe, expect, it } from 'vitest'
import type { FieldDefinition, FieldSettings, FieldType } from '../fields/types'
import { buildValueSchema } from '../fields/value'
import { fromCell, toCell } from './cells'
import { customHeaders, fieldForHeader } from './headers'
import { neutralise, restore } from './safety'

const def = (
  type: FieldType,
  settings: FieldSettings = {},
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  name: 'cf_x',
  type,
  title: 'X',
  settings,
  ...extra,
})
const options = [
  { title: 'Red, dark', value: 'red' },
  { title: 'Blue', value: 'blue' },
]

/** [definition, stored value, the cell in Russian]. */
const cases: [FieldDefinition, unknown, string][] = [
  [def('text'), 'hello', 'hello'],
  [def('textarea'), 'a\nb', 'a\nb'],
  [def('email'), 'a@b.example', 'a@b.example'],
  [def('number'), 42, '42'],
  [def('progress'), 40, '40%'],
  [def('phone'), '+79991234567', '+7 (999) 123-45-67'],
  [def('checkbox'), true, 'да'],
  [def('switch'), false, 'нет'],
  [def('select', { options }), 'blue', 'Blue'],
  // Titles that hold the joiner would not read back: the options' values are written instead.
  [def('select', { options, multiple: true }), ['red', 'blue'], 'red, blue'],
  [def('select', { options: options.slice(1), multiple: true }), ['blue'], 'Blue'],
  [def('select', { options, multiple: true }), ['red'], 'Red, dark'],
  [def('radio', { options }), 'red', 'Red, dark'],
  [def('date'), '2026-12-31', '31.12.2026'],
  [def('datetime'), '2026-12-31T10:15:00.000Z', '31.12.2026 10:15'],
  [def('datetime'), '2026-12-31T10:15:30.000Z', '2026-12-31T10:15:30.000Z'],
  [def('time'), '09:30', '09:30'],
  [def('month'), '2026-03', '03.2026'],
  [def('year'), 2026, '2026'],
  [def('quarter'), '2026-Q2', '2.2026'],
  [def('daterange'), ['2026-01-01', '2026-01-05'], '01.01.2026 – 05.01.2026'],
  [def('timerange'), ['09:00', '10:30'], '09:00 – 10:30'],
  [def('multidate'), ['2026-01-01', '2026-02-01'], '01.01.2026, 01.02.2026'],
  [
    def('file', { multiple: true }),
    [{ url: '/f/a.png', name: 'a.png' }],
    '[{"url":"/f/a.png","name":"a.png"}]',
  ],
  [def('json'), { a: 1 }, '{"a":1}'],
]

describe('a custom value as a CSV cell', () => {
  it.each(cases)('%o: %o is written as the user types it and reads back the same', (d, stored, cell) => {
    expect(toCell(d, stored, 'ru')).toBe(cell)
    const parsed = buildValueSchema(d).safeParse(fromCell(d, cell))
    expect(parsed.success && parsed.data).toEqual(stored)
  })

  it('writes yes and no in the language asked, and reads them in any', () => {
    expect(toCell(def('checkbox'), true, 'en')).toBe('yes')
    expect(toCell(def('checkbox'), true, 'zh')).toBe('是')
    for (const w of ['yes', 'Да', '是', 'true', '1']) expect(fromCell(def('checkbox'), w)).toBe(true)
  })

  it('a blank cell is no value, and a cell that is not one is refused by the field rules', () => {
    expect(fromCell(def('number'), '  ')).toBeNull()
    expect(buildValueSchema(def('date')).safeParse(fromCell(def('date'), '31.02.2026')).success).toBe(false)
    expect(
      buildValueSchema(def('select', { options })).safeParse(fromCell(def('select', { options }), 'Green'))
        .success,
    ).toBe(false)
  })
})

describe('formula injection', () => {
  it('cells a spreadsheet would run are written as text and read back as they were', () => {
    for (const cell of ['=cmd|"/c calc"!A1', '+1+1', '-2', '@SUM(A1)', '\t=1']) {
      expect(neutralise(cell)).toBe(`'${cell}`)
      expect(restore(neutralise(cell))).toBe(cell)
    }
    expect(neutralise('plain')).toBe('plain')
    expect(restore("'quoted")).toBe("'quoted")
  })
})

describe('headers', () => {
  const customs = [
    def('text', {}, { name: 'cf_a', title: 'Place' }),
    def('text', {}, { name: 'cf_b', title: 'Place' }),
    def('number', {}, { name: 'cf_n', title: 'Count' }),
  ]
  it('two fields of one title are told apart by their names', () => {
    expect([...customHeaders(customs).values()]).toEqual(['Place (cf_a)', 'Place (cf_b)', 'Count'])
  })
  it('a header names its field in any of the three languages', () => {
    expect(fieldForHeader('Статус', customs)).toBe('status')
    expect(fieldForHeader('status', customs)).toBe('status')
    expect(fieldForHeader('标题', customs)).toBe('title')
    expect(fieldForHeader('count', customs)).toBe('cf_n')
    expect(fieldForHeader('Place (cf_b)', customs)).toBe('cf_b')
    expect(fieldForHeader('Place', customs)).toBeUndefined()
    expect(fieldForHeader('Процесс', customs)).toBeUndefined()
  })
})
