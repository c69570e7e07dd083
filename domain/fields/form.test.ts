import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { catalogue } from '../errors/catalogue'
import { buildConstraints, buildDefaults, buildFormSchema } from './form'
import type { FieldDefinition } from './types'

const defs: FieldDefinition[] = [
  { name: 'cf_name', type: 'text', title: 'Name', settings: { required: true, max_length: 10 } },
  { name: 'cf_email', type: 'email', title: 'E-mail', settings: { min_length: 8 } },
  { name: 'cf_points', type: 'number', title: 'Points', settings: { default: 3 } },
  { name: 'cf_agree', type: 'checkbox', title: 'Agree', settings: { required: true } },
  // Dotted custom fields nest (spec §5).
  { name: 'cf_place.city', type: 'text', title: 'City', settings: { required: true, default: 'Moscow' } },
  { name: 'cf_place.note', type: 'textarea', title: 'Note', settings: { max_length: 3 } },
  {
    name: 'cf_address',
    type: 'address',
    title: 'Address',
    settings: {},
    structure: [
      { name: 'city', type: 'text', title: 'City', settings: { required: true } },
      { name: 'street', type: 'text', title: 'Street', settings: { max_length: 5 } },
    ],
  },
  { name: 'cf_dates', type: 'daterange', title: 'Dates', settings: {} },
]

const issues = (data: unknown, options = {}) => {
  const r = buildFormSchema(defs, options).safeParse(data)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
}

describe('buildFormSchema', () => {
  it('stores what a valid JSON body sends, nested by dotted names', () => {
    const r = buildFormSchema(defs).parse({
      cf_name: '  Ann ',
      cf_email: 'ann@example.com',
      cf_points: 5,
      cf_agree: true,
      cf_place: { city: 'Kazan', note: '' },
      cf_address: { city: 'Kazan', street: 'Lenin' },
      cf_dates: ['2024-01-01', '2024-01-02'],
    })
    expect(r).toEqual({
      cf_name: 'Ann',
      cf_email: 'ann@example.com',
      cf_points: 5,
      cf_agree: true,
      cf_place: { city: 'Kazan', note: null },
      cf_address: { city: 'Kazan', street: 'Lenin' },
      cf_dates: ['2024-01-01', '2024-01-02'],
    })
  })

  it('reports every rule by its path and catalogue code', () => {
    expect(
      issues({
        cf_name: ' ',
        cf_email: 'a@b.com',
        cf_points: 'ten',
        cf_place: { note: 'long' },
        cf_address: { street: 'Long street' },
      }),
    ).toEqual([
      'cf_name:validation.required',
      'cf_email:validation.min_length',
      'cf_points:value_error.number',
      'cf_agree:validation.required',
      'cf_place.city:validation.required',
      'cf_place.note:validation.max_length',
      'cf_address.city:validation.required',
      'cf_address.street:validation.max_length',
    ])
  })

  it('treats a group the body left out as missing fields', () => {
    expect(issues({ cf_name: 'Ann', cf_agree: 'on' })).toEqual(['cf_place.city:validation.required'])
  })

  it('uses only catalogue codes as messages', () => {
    const r = buildFormSchema(defs).safeParse({ cf_place: 'flat', cf_address: [], cf_dates: 'soon' })
    expect(r.success).toBe(false)
    for (const i of r.error?.issues ?? []) expect(Object.keys(catalogue)).toContain(i.message)
  })

  it('leaves out fields the form does not let the user edit', () => {
    const schema = buildFormSchema(defs, { editable: ['cf_name', 'cf_place'] })
    expect(Object.keys(schema.shape)).toEqual(['cf_name', 'cf_place'])
    expect(schema.parse({ cf_name: 'Ann', cf_points: 5, cf_place: { city: 'Kazan' } })).toEqual({
      cf_name: 'Ann',
      cf_place: { city: 'Kazan', note: null },
    })
    expect(Object.keys(buildFormSchema(defs, { editable: ['cf_place.note'] }).shape)).toEqual(['cf_place'])
  })

  it('refuses definitions whose names overlap', () => {
    const clash: FieldDefinition[] = [
      { name: 'cf_a', type: 'text', title: 'A', settings: {} },
      { name: 'cf_a.b', type: 'text', title: 'B', settings: {} },
    ]
    expect(() => buildFormSchema(clash)).toThrow('overlaps')
    expect(() => buildFormSchema([...clash].reverse())).toThrow('overlaps')
    expect(() => buildFormSchema([clash[0], clash[0]])).toThrow('overlaps')
  })
})

describe('the same schema through conform (browser and the web app action)', () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData()
    for (const [k, v] of entries) data.append(k, v)
    return parseWithZod(data, { schema: buildFormSchema(defs) })
  }

  it('parses posted text into stored values', () => {
    const submission = form([
      ['cf_name', ' Ann '],
      ['cf_email', ''],
      ['cf_points', '7'],
      ['cf_agree', 'on'],
      ['cf_place.city', 'Kazan'],
      ['cf_address.city', 'Kazan'],
      ['cf_address.street', ''],
      ['cf_dates[0]', '01.01.2024'],
      ['cf_dates[1]', '2024-01-05'],
    ])
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      cf_name: 'Ann',
      cf_email: null,
      cf_points: 7,
      cf_agree: true,
      cf_place: { city: 'Kazan', note: null },
      cf_address: { city: 'Kazan', street: null },
      cf_dates: ['2024-01-01', '2024-01-05'],
    })
  })

  it('puts errors under the inputs’ names', () => {
    const submission = form([
      ['cf_name', 'far too long a name'],
      ['cf_points', '12a'],
      ['cf_address.street', 'x'],
    ])
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      cf_name: ['validation.max_length'],
      cf_points: ['value_error.number'],
      cf_agree: ['validation.required'],
      'cf_place.city': ['validation.required'],
      'cf_address.city': ['validation.required'],
    })
  })
})

describe('buildDefaults and buildConstraints', () => {
  it('nests defaults like the schema', () => {
    expect(buildDefaults(defs)).toEqual({ cf_points: 3, cf_place: { city: 'Moscow' } })
  })

  it('gives native inputs the checks the browser can make before JavaScript', () => {
    const c = buildConstraints(defs)
    expect(c.cf_name).toEqual({ required: true, maxLength: 10 })
    expect(c.cf_email).toEqual({ minLength: 8 })
    // The address is optional, so the browser must let its required city stay empty with it.
    expect(c['cf_address.city']).toEqual({})
    expect(buildConstraints([{ ...defs[6], settings: { required: true } }])['cf_address.city']).toEqual({
      required: true,
    })
    expect(c['cf_address.street']).toEqual({ maxLength: 5 })
  })
})
