import { describe, expect, it } from 'vitest'
import { fieldDefinitionSchema } from './definition'
import { SYSTEM_FIELDS } from './system'
import { buildValueSchema } from './value'

const issues = (raw: unknown) => {
  const r = fieldDefinitionSchema.safeParse(raw)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
}

describe('fieldDefinitionSchema', () => {
  it('keeps the settings the type declares, drops the rest and empty ones', () => {
    const r = fieldDefinitionSchema.parse({
      name: 'cf_summary',
      type: 'text',
      title: ' Summary ',
      settings: { required: true, max_length: '120', placeholder: '', colour: 'red' },
      system: true,
    })
    expect(r).toEqual({
      name: 'cf_summary',
      type: 'text',
      title: 'Summary',
      settings: { required: true, max_length: 120 },
    })
  })

  it.each([
    ['cf_story_points', true],
    ['cf_2fa_code', true],
    ['cf_address.city', true],
    ['cf_a.b.c', true],
    ['title', false],
    ['story_points', false],
    ['cf_', false],
    ['cf_Story', false],
    ['cf_story__points', false],
    ['cf_story_', false],
    ['cf_address.', false],
    ['cf_address.2nd', false],
    ['cf-story', false],
  ])('name %j is %s for a custom field', (name, ok) => {
    expect(issues({ name, type: 'text', title: 'T' })).toEqual(ok ? [] : ['name:value_error.field_name'])
  })

  it('refuses unknown types, missing titles and long names', () => {
    expect(issues({ name: 'cf_a', type: 'rating', title: '' })).toEqual([
      'type:value_error.enum',
      'title:validation.required',
    ])
    expect(issues({ name: `cf_${'a'.repeat(61)}`, type: 'text', title: 'T' })).toEqual([
      'name:validation.max_length',
    ])
    expect(issues({ type: 'text', title: 'T' })).toEqual(['name:validation.required'])
  })

  it('checks settings with their own field rules and across each other', () => {
    expect(issues({ name: 'cf_a', type: 'text', title: 'T', settings: { max_length: 'ten' } })).toEqual([
      'settings.max_length:value_error.number',
    ])
    expect(
      issues({ name: 'cf_a', type: 'text', title: 'T', settings: { min_length: 5, max_length: 2 } }),
    ).toEqual(['settings.min_length:value_error'])
  })

  it('checks the default by the field’s own rule and stores it as the field would', () => {
    expect(issues({ name: 'cf_a', type: 'email', title: 'T', settings: { default: 'nope' } })).toEqual([
      'settings.default:validation.email',
    ])
    expect(
      issues({ name: 'cf_a', type: 'text', title: 'T', settings: { max_length: 3, default: 'long' } }),
    ).toEqual(['settings.default:validation.max_length'])
    const phone = fieldDefinitionSchema.parse({
      name: 'cf_p',
      type: 'phone',
      title: 'P',
      settings: { default: '8 999 123 45 67' },
    })
    expect(phone.settings.default).toBe('+79991234567')
  })

  it('needs options for a select without a source, each value once', () => {
    expect(issues({ name: 'cf_s', type: 'select', title: 'S' })).toEqual([
      'settings.options:validation.required',
    ])
    expect(issues({ name: 'cf_s', type: 'select', title: 'S', settings: { source: 'users' } })).toEqual([])
    expect(issues({ name: 'cf_s', type: 'select', title: 'S', settings: { source: 'planets' } })).toEqual([
      'settings.source:value_error.enum',
    ])
    const options = [
      { title: 'Low', value: 'low' },
      { title: '', value: 'high' },
      { title: 'Low again', value: 'low' },
    ]
    expect(issues({ name: 'cf_s', type: 'select', title: 'S', settings: { options } })).toEqual([
      'settings.options.1.title:validation.required',
    ])
    options[1].title = 'High'
    expect(
      issues({ name: 'cf_s', type: 'select', title: 'S', settings: { options, default: 'high' } }),
    ).toEqual(['settings.options.2.value:value_error'])
  })

  it('takes a select’s options as the admin form posts them, blank rows dropped', () => {
    const r = fieldDefinitionSchema.parse({
      name: 'cf_s',
      type: 'radio',
      title: 'S',
      settings: {
        options: [
          { title: 'A', value: 'a' },
          { title: '', value: '' },
        ],
        default: 'a',
      },
    })
    expect(r.settings).toEqual({ options: [{ title: 'A', value: 'a' }], default: 'a' })
  })

  it('checks a composite’s children as definitions, one level deep, names once', () => {
    const base = { name: 'cf_addr', type: 'address', title: 'Address' }
    const city = { name: 'city', type: 'text', title: 'City', settings: { required: true } }
    const r = fieldDefinitionSchema.parse({ ...base, structure: JSON.stringify([city]) })
    expect(r.structure).toEqual([city])
    expect(issues({ ...base, structure: [city, { ...city, title: 'Again' }] })).toEqual([
      'structure.1.name:value_error',
    ])
    expect(issues({ ...base, structure: [{ ...city, name: 'cf_city' }] })).toEqual([])
    expect(issues({ ...base, structure: [{ ...city, name: 'City' }] })).toEqual([
      'structure.0.name:value_error.field_name',
    ])
    expect(issues({ ...base, structure: [{ ...city, type: 'json' }] })).toEqual([
      'structure.0.type:value_error.enum',
    ])
    expect(issues({ ...base, structure: [{ ...city, settings: { max_length: -1 } }] })).toEqual([
      'structure.0.settings.max_length:value_error.number',
    ])
    expect(issues({ ...base, structure: '{not json' })).toEqual(['structure:value_error.json'])
    expect(issues({ ...base, structure: { city } })).toEqual(['structure:value_error'])
    // Structure means nothing to a type without children.
    expect(fieldDefinitionSchema.parse({ ...base, type: 'text', structure: [city] })).not.toHaveProperty(
      'structure',
    )
  })
})

describe('system fields', () => {
  it('are marked system, and each builds a rule', () => {
    for (const f of SYSTEM_FIELDS) {
      expect(f.system).toBe(true)
      expect(() => buildValueSchema(f)).not.toThrow()
    }
    expect(SYSTEM_FIELDS.map((f) => f.name)).toEqual([
      'title',
      'description',
      'status',
      'assignee',
      'author',
      'process',
      'created_at',
      'updated_at',
      'attachments',
    ])
  })
})
