import { SYSTEM_FIELDS } from '@domain/fields/system'
import { describe, expect, it } from 'vitest'
import { formSchemaOf } from '~/fields/form/description'
import { type FieldRow, formOptions, taskForm, taskValues, type UpstreamForm } from './task-form'

const rows: FieldRow[] = [
  ...SYSTEM_FIELDS.map((d) => ({ ...d, settings: { ...d.settings } })),
  { name: 'cf_due', type: 'date', title: 'Due', settings: {} },
  { name: 'cf_note', type: 'text', title: 'Note', settings: { max_length: 10 } },
]

const form: UpstreamForm = {
  id: 'f1',
  name: 'Bug',
  layout: 'simple',
  fields: [
    { name: 'description', grid: 12 },
    { name: 'status', grid: 6 },
    { name: 'assignee', grid: 6, label: 'Owner' },
    { name: 'cf_due', grid: 6, readonly: true },
    { name: 'cf_note', grid: 6, placeholder: 'Say it', default: 'hi' },
    { name: 'attachments', grid: 12 },
  ],
  editable: null,
  visible: null,
  tabs: [],
  process_ids: [],
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
}

describe('taskForm', () => {
  it('without a process form: title, description and assignee', () => {
    const { definitions, description } = taskForm(rows, null, 'create')
    expect(definitions.map((d) => d.name)).toEqual(['title', 'description', 'assignee'])
    expect(description).toMatchObject({ layout: 'simple', editable: ['title', 'description', 'assignee'] })
  })

  it('create: the form over the definitions, title first when the form has none, upstream-set fields left out', () => {
    const { definitions, description } = taskForm(rows, form, 'create')
    expect(definitions.map((d) => d.name)).toEqual(['title', 'description', 'assignee', 'cf_due', 'cf_note'])
    expect(definitions.find((d) => d.name === 'assignee')?.title).toBe('Owner')
    expect(definitions.find((d) => d.name === 'cf_note')?.settings).toMatchObject({
      placeholder: 'Say it',
      default: 'hi',
      max_length: 10,
    })
    expect(description.editable).toEqual(['title', 'description', 'assignee', 'cf_note'])
    expect(description.fields.find((f) => f.name === 'cf_due')?.grid).toBe(6)
  })

  it("edit: status, author, process read-only; the status's rules apply", () => {
    const { definitions, description } = taskForm(rows, form, 'edit', {
      required: ['description'],
      readonly: ['assignee'],
    })
    expect(definitions.map((d) => d.name)).toEqual([
      'title',
      'description',
      'status',
      'assignee',
      'cf_due',
      'cf_note',
    ])
    expect(definitions.find((d) => d.name === 'description')?.settings.required).toBe(true)
    expect(description.editable).toEqual(['title', 'description', 'cf_note'])
    const schema = formSchemaOf(definitions, description)
    expect(Object.keys(schema.shape).sort()).toEqual(['cf_note', 'description', 'title'])
  })

  it('view: nothing editable', () => {
    expect(taskForm(rows, form, 'view').description.editable).toEqual([])
  })

  it("keeps the form's editable and visible lists (title always)", () => {
    const { description } = taskForm(
      rows,
      { ...form, editable: ['cf_note'], visible: ['cf_note', 'assignee'] },
      'create',
    )
    expect(description.editable).toEqual(['title', 'cf_note'])
    expect(description.visible).toEqual(['title', 'assignee', 'cf_note'])
  })

  it('puts fields on tabs, the added title on the first', () => {
    const tabbed: UpstreamForm = {
      ...form,
      layout: 'tabs',
      tabs: [
        { name: 'main', title: 'Main' },
        { name: 'more', title: 'More' },
      ],
      fields: [
        { name: 'description', grid: 12, tab: 'main' },
        { name: 'cf_note', grid: 12, tab: 'more' },
      ],
    }
    const { description } = taskForm(rows, tabbed, 'create')
    expect(description.layout).toBe('tabs')
    expect(description.tabs).toEqual([
      { key: 'main', title: 'Main' },
      { key: 'more', title: 'More' },
    ])
    expect(description.fields).toEqual([
      { name: 'title', grid: 12, tab: 'main' },
      { name: 'description', grid: 12, tab: 'main' },
      { name: 'cf_note', grid: 12, tab: 'more' },
    ])
  })

  it('options for data-backed selects; values of a task by field name', () => {
    const { definitions } = taskForm(rows, form, 'edit')
    expect(
      formOptions(definitions, {
        users: [{ id: 'u1', full_name: 'Ann' }],
        statuses: [{ id: 's1', name: 'Open' }],
      }),
    ).toEqual({ assignee: [{ value: 'u1', label: 'Ann' }], status: [{ value: 's1', label: 'Open' }] })
    expect(
      taskValues({
        title: 'T',
        description: 'D',
        created_at: 'c',
        updated_at: 'u',
        status: { id: 's1' },
        process: { id: 'p1' },
        assignee: null,
        author: { id: 'u1' },
        custom_fields: { cf_note: 'n', cf_office: { city: 'Kazan' } },
      }),
    ).toEqual({
      cf_note: 'n',
      cf_office: { city: 'Kazan' },
      title: 'T',
      description: 'D',
      created_at: 'c',
      updated_at: 'u',
      status: 's1',
      process: 'p1',
      assignee: '',
      author: 'u1',
    })
  })
})

describe('form field settings on the task form (spec §3)', () => {
  const office: FieldRow = { name: 'cf_office', type: 'address', title: 'Office', settings: {} }
  const withSettings: UpstreamForm = {
    ...form,
    fields: [
      { name: 'title', grid: 12, appendIcon: 'search' },
      { name: 'cf_due', grid: 6, appendIcon: null, settings: { action_row: true, required: true } },
      {
        name: 'cf_office',
        grid: 12,
        childFields: [
          { name: 'city', grid: 6, label: 'Town' },
          { name: 'street', visible: false, placeholder: 'Main st.' },
        ],
      },
    ],
  }

  it("applies the entry's settings over the definition's, and keeps its appendIcon on the place", () => {
    const { definitions, description } = taskForm([...rows, office], withSettings, 'create')
    const due = definitions.find((d) => d.name === 'cf_due')!
    expect(due.settings).toMatchObject({ action_row: true, required: true })
    expect(description.fields.map((f) => [f.name, f.appendIcon])).toEqual([
      ['title', 'search'],
      ['cf_due', null],
      ['cf_office', undefined],
    ])
    // The form's own required setting is enforced by the schema the page and the action share.
    const schema = formSchemaOf(definitions, description)
    expect(schema.safeParse({ title: 'T' }).success).toBe(false)
  })

  it("arranges a composite's children by childFields (an address's default parts too)", () => {
    const { definitions } = taskForm([...rows, office], withSettings, 'create')
    const children = definitions.find((d) => d.name === 'cf_office')!.structure!
    expect(children.find((c) => c.name === 'city')).toMatchObject({ title: 'Town', settings: { grid: 6 } })
    expect(children.find((c) => c.name === 'street')).toMatchObject({
      settings: { visible: false, placeholder: 'Main st.' },
    })
    expect(children.find((c) => c.name === 'postcode')?.settings.grid).toBeUndefined()
  })
})
