import { describe, expect, it } from 'vitest'
import { SYSTEM_FIELDS } from '../fields/system'
import type { FieldDefinition } from '../fields/types'
import { checkFormFields, formDefinitionSchema, formEditableNames } from './definition'

const issues = (raw: unknown) => {
  const r = formDefinitionSchema.safeParse(raw)
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`)
}

describe('formDefinitionSchema', () => {
  it('fills the defaults: simple layout, grid 12, no tabs, every field editable and visible', () => {
    expect(formDefinitionSchema.parse({ name: ' Intake ', fields: [{ name: 'title' }] })).toEqual({
      name: 'Intake',
      layout: 'simple',
      fields: [{ name: 'title', grid: 12 }],
      editable: null,
      visible: null,
      tabs: [],
    })
  })

  it('needs tabs and a known tab on every entry for layout tabs', () => {
    expect(issues({ name: 'F', layout: 'tabs', fields: [{ name: 'title' }] })).toEqual([
      'tabs:validation.required',
    ])
    expect(
      issues({
        name: 'F',
        layout: 'tabs',
        tabs: [
          { name: 'a', title: 'A' },
          { name: 'a', title: 'Again' },
        ],
        fields: [{ name: 'title' }, { name: 'status', tab: 'b' }],
      }),
    ).toEqual([
      'tabs.1.name:value_error',
      'fields.0.tab:validation.required',
      'fields.1.tab:forms.unknown_tab',
    ])
  })

  it('needs a cell within 48 columns on every entry for layout board', () => {
    expect(
      issues({ name: 'F', layout: 'board', fields: [{ name: 'title', x: 40, y: 0, w: 9, h: 1 }] }),
    ).toEqual(['fields.0.w:value_error'])
    expect(issues({ name: 'F', layout: 'board', fields: [{ name: 'title', x: 0 }] })).toEqual([
      'fields.0.y:validation.required',
      'fields.0.w:validation.required',
      'fields.0.h:validation.required',
    ])
  })

  it('refuses a field twice and lists naming no entry; a group name covers its children', () => {
    expect(
      issues({
        name: 'F',
        fields: [{ name: 'title' }, { name: 'title' }, { name: 'cf_address.city' }],
        editable: ['cf_address', 'cf_nowhere'],
        visible: ['cf_addr'],
      }),
    ).toEqual([
      'fields.1.name:forms.field_repeated',
      'editable.1:forms.unknown_field',
      'visible.0:forms.unknown_field',
    ])
  })
})

describe('checkFormFields', () => {
  const custom: FieldDefinition[] = [
    { name: 'cf_points', type: 'number', title: 'Points', settings: { required: true } },
  ]
  it('knows system and custom fields, and stores an entry’s default as the field does', () => {
    const form = {
      fields: [
        { name: 'title', grid: 12 },
        { name: 'cf_points', grid: 6, default: '5' },
      ],
    }
    expect(checkFormFields(form, [...SYSTEM_FIELDS, ...custom])).toEqual([])
    expect(form.fields[1]!.default).toBe(5)
  })

  it('points at unknown names and defaults the field refuses', () => {
    const form = {
      fields: [
        { name: 'cf_nope', grid: 12 },
        { name: 'cf_points', grid: 12, default: 'x' },
      ],
    }
    expect(checkFormFields(form, custom)).toEqual([
      { path: ['fields', 0, 'name'], code: 'forms.unknown_field' },
      { path: ['fields', 1, 'default'], code: 'value_error.number' },
    ])
  })
})

describe('formEditableNames', () => {
  it('leaves out read-only and hidden entries, and names outside the lists', () => {
    const fields = ['title', 'status', 'cf_a', 'cf_address.city', 'cf_b'].map((name) => ({ name, grid: 12 }))
    fields[1] = { ...fields[1]!, readonly: true } as (typeof fields)[number]
    expect(formEditableNames({ fields, editable: null, visible: null })).toEqual([
      'title',
      'cf_a',
      'cf_address.city',
      'cf_b',
    ])
    expect(
      formEditableNames({
        fields,
        editable: ['title', 'cf_address', 'cf_b'],
        visible: ['title', 'cf_address'],
      }),
    ).toEqual(['title', 'cf_address.city'])
  })
})

describe('form field settings: appendIcon, settings, childFields (spec §3)', () => {
  const defs: FieldDefinition[] = [
    ...SYSTEM_FIELDS,
    { name: 'cf_due', type: 'date', title: 'Due', settings: {} },
    { name: 'cf_points', type: 'number', title: 'Points', settings: {} },
    { name: 'cf_office', type: 'address', title: 'Office', settings: {} },
  ]

  it('takes an icon of the list or null, and refuses any other', () => {
    const ok = formDefinitionSchema.parse({
      name: 'F',
      fields: [
        { name: 'cf_due', appendIcon: 'clock' },
        { name: 'title', appendIcon: null },
      ],
    })
    expect(ok.fields.map((f) => f.appendIcon)).toEqual(['clock', null])
    expect(issues({ name: 'F', fields: [{ name: 'title', appendIcon: 'rocket' }] })).toEqual([
      'fields.0.appendIcon:value_error.enum',
    ])
  })

  it("checks an entry's settings by the type's own rules and keeps only those", () => {
    const form = {
      fields: [
        { name: 'cf_due', grid: 12, settings: { action_row: true, placeholder: 'When?', bogus: 1 } },
        { name: 'cf_points', grid: 12, settings: { required: true, default: '7' } },
      ],
    }
    expect(checkFormFields(form, defs)).toEqual([])
    expect(form.fields[0]!.settings).toEqual({ action_row: true, placeholder: 'When?' })
    expect(form.fields[1]!.settings).toEqual({ required: true, default: 7 })

    const bad = {
      fields: [
        { name: 'cf_due', grid: 12, settings: { action_row: 'yes' } },
        { name: 'cf_points', grid: 12, settings: { default: 'many' } },
      ],
    }
    expect(checkFormFields(bad, defs).map((i) => `${i.path.join('.')}:${i.code}`)).toEqual([
      'fields.0.settings.action_row:value_error',
      'fields.1.settings.default:value_error.number',
    ])
  })

  it("names the composite's children in childFields (an address's default parts too), each once", () => {
    const form = {
      fields: [
        {
          name: 'cf_office',
          grid: 12,
          childFields: [
            { name: 'city', grid: 6, label: 'Town' },
            { name: 'street', visible: false },
          ],
        },
      ],
    }
    expect(checkFormFields(form, defs)).toEqual([])
    const bad = {
      fields: [
        {
          name: 'cf_office',
          grid: 12,
          childFields: [{ name: 'planet' }, { name: 'city' }, { name: 'city' }],
        },
      ],
    }
    expect(checkFormFields(bad, defs).map((i) => `${i.path.join('.')}:${i.code}`)).toEqual([
      'fields.0.childFields.0.name:forms.unknown_field',
      'fields.0.childFields.2.name:forms.field_repeated',
    ])
    expect(
      issues({ name: 'F', fields: [{ name: 'cf_office', childFields: [{ name: 'city', grid: 13 }] }] }),
    ).toEqual(['fields.0.childFields.0.grid:value_error'])
  })
})
