import { describe, expect, it } from 'vitest'
import { buildFormSchema } from './form'
import { kinds } from './kinds'
import { getFieldType, isFieldType, listFieldTypes } from './registry'
import type { FilterKind } from './types'

/** Spec §3 field types, as written there ('multi-date and range pickers' spelled as our names). */
const SPEC_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'phone',
  'switch',
  'progress',
  'qrcode',
  'checkbox',
  'radio',
  'textarea',
  'editor',
  'select',
  'file',
  'date',
  'time',
  'datetime',
  'month',
  'year',
  'week',
  'quarter',
  'multidate',
  'daterange',
  'timerange',
  'json',
  'address',
  'text_copy',
]
/** Spec §5 'Code field: 4 single-digit boxes': a form input, so a type too. */
const OUR_TYPES = ['code']

/** Spec §5 table filters, one line per kind. */
const SPEC_FILTERS: Record<Exclude<FilterKind, 'none'>, string[]> = {
  contains: ['text', 'email', 'textarea', 'text_copy'],
  equality: ['number', 'checkbox', 'switch', 'phone'],
  option: ['select'],
  range: ['date', 'time', 'month', 'quarter', 'year'],
}
/** "Not filterable: qrcode, address, file, json, radio, editor, range pickers, multidatepicker, password, progress, weekpicker." */
const SPEC_NOT_FILTERABLE = [
  'qrcode',
  'address',
  'file',
  'json',
  'radio',
  'editor',
  'daterange',
  'timerange',
  'multidate',
  'password',
  'progress',
  'week',
]
/** Types the spec's filter lists leave out, and what we decided. */
const OUR_FILTERS: Record<string, FilterKind> = { datetime: 'range', code: 'equality' }

describe('field type registry', () => {
  it('registers every spec type exactly once, and nothing else', () => {
    const names = kinds.map((k) => k.type)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual([...SPEC_TYPES, ...OUR_TYPES].sort())
    expect(listFieldTypes().map((k) => k.type)).toEqual(names)
  })

  it('gives every type the filter kind of spec §5', () => {
    const expected: Record<string, FilterKind> = { ...OUR_FILTERS }
    for (const [kind, types] of Object.entries(SPEC_FILTERS))
      for (const t of types) expected[t] = kind as FilterKind
    for (const t of SPEC_NOT_FILTERABLE) expected[t] = 'none'
    const actual = Object.fromEntries(listFieldTypes().map((k) => [k.type, k.filter.kind]))
    expect(actual).toEqual(expected)
  })

  it('lets text be searched by contains and ranges be compared, and nothing filter an unfilterable type', () => {
    expect(getFieldType('text').filter.operators).toContain('~')
    expect(getFieldType('number').filter.operators).not.toContain('~')
    expect(getFieldType('date').filter.operators).toEqual(expect.arrayContaining(['>', '>=', '<', '<=']))
    expect(getFieldType('select').filter.operators).toEqual(expect.arrayContaining(['in', 'not in']))
    for (const k of listFieldTypes()) {
      if (k.filter.kind !== 'none') expect(k.filter.operators).toEqual(expect.arrayContaining(['is empty']))
    }
  })

  it('marks json and address as the composite types', () => {
    expect(
      listFieldTypes()
        .filter((k) => k.composite)
        .map((k) => k.type),
    ).toEqual(['json', 'address'])
  })

  it('answers unknown names plainly', () => {
    expect(isFieldType('text')).toBe(true)
    expect(isFieldType('rating')).toBe(false)
    expect(isFieldType(undefined)).toBe(false)
    expect(() => getFieldType('rating')).toThrow('Unknown field type "rating"')
  })

  it('declares settings that are themselves valid field definitions of registered types', () => {
    for (const k of listFieldTypes()) {
      for (const s of k.settingsFields) {
        expect(isFieldType(s.type), `${k.type} ${s.name}`).toBe(true)
        expect(s.name).toMatch(/^(settings\.[a-z_]+|structure)$/)
      }
      // The settings form builds: every setting's own type has a rule.
      expect(() => buildFormSchema(k.settingsFields)).not.toThrow()
    }
  })
})
