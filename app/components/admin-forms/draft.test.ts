import { CODES } from '@domain/fields/checks'
import type { FieldDefinition } from '@domain/fields/types'
import { describe, expect, it } from 'vitest'
import {
  applyOp,
  boardCells,
  canApply,
  checkDraft,
  type Draft,
  draftFromJson,
  draftOf,
  emptyDraft,
  formatIntent,
  formBody,
  inputName,
  parseIntent,
  previewOf,
  readDraft,
} from './draft'

const defs: FieldDefinition[] = [
  { name: 'title', type: 'text', title: 'fields.system.title', settings: { required: true }, system: true },
  { name: 'cf_note', type: 'text', title: 'Note', settings: { max_length: 5 } },
  { name: 'cf_mail', type: 'email', title: 'Mail', settings: {} },
]

const draft = (over: Partial<Draft> = {}): Draft => ({
  ...emptyDraft(),
  name: 'Intake',
  fields: [
    { name: 'title', grid: 12 },
    { name: 'cf_note', grid: 6 },
    { name: 'cf_mail', grid: 6 },
  ],
  ...over,
})

describe('intents', () => {
  it.each([
    ['up:2', { type: 'up', index: 2 }],
    ['down:0', { type: 'down', index: 0 }],
    ['remove-field:1', { type: 'remove-field', index: 1 }],
    ['remove-tab:0', { type: 'remove-tab', index: 0 }],
    ['add-tab', { type: 'add-tab' }],
    ['apply', { type: 'apply' }],
  ])('%s', (intent, op) => {
    expect(parseIntent(intent)).toEqual(op)
    expect(formatIntent(op as never)).toBe(intent)
  })

  it('reads the picked field for add-field, and refuses what is not a step', () => {
    expect(parseIntent('add-field', 'cf_x')).toEqual({ type: 'add-field', name: 'cf_x' })
    expect(parseIntent('add-field', '')).toBeUndefined()
    expect(parseIntent('up:-1')).toBeUndefined()
    expect(parseIntent('up:x')).toBeUndefined()
    expect(parseIntent('save')).toBeUndefined()
  })
})

describe('steps', () => {
  it('adds a field once, full width, on the last tab when there are tabs', () => {
    const d = applyOp(emptyDraft(), { type: 'add-field', name: 'cf_note' })
    expect(d.fields).toEqual([{ name: 'cf_note', grid: 12 }])
    expect(canApply(d, { type: 'add-field', name: 'cf_note' })).toBe(false)
    expect(applyOp(d, { type: 'add-field', name: 'cf_note' })).toBe(d)
    const tabs = draft({
      layout: 'tabs',
      tabs: [
        { name: 'a', title: 'A' },
        { name: 'b', title: 'B' },
      ],
      fields: [],
    })
    expect(applyOp(tabs, { type: 'add-field', name: 'cf_note' }).fields[0].tab).toBe('b')
  })

  it('moves entries up and down, never past the ends', () => {
    const d = draft()
    expect(applyOp(d, { type: 'up', index: 1 }).fields.map((f) => f.name)).toEqual([
      'cf_note',
      'title',
      'cf_mail',
    ])
    expect(applyOp(d, { type: 'down', index: 1 }).fields.map((f) => f.name)).toEqual([
      'title',
      'cf_mail',
      'cf_note',
    ])
    expect(applyOp(d, { type: 'up', index: 0 })).toBe(d)
    expect(applyOp(d, { type: 'down', index: 2 })).toBe(d)
  })

  it('removes an entry and its names from the lists', () => {
    const d = applyOp(draft({ editable: ['cf_note', 'cf_mail'], visible: ['cf_note'] }), {
      type: 'remove-field',
      index: 1,
    })
    expect(d.fields.map((f) => f.name)).toEqual(['title', 'cf_mail'])
    expect(d.editable).toEqual(['cf_mail'])
    expect(d.visible).toEqual([])
  })

  it('adds tabs with fresh names; the first takes the fields that had none', () => {
    let d = applyOp(draft({ layout: 'tabs' }), { type: 'add-tab' }, (n) => `Step ${n}`)
    expect(d.tabs).toEqual([{ name: 'tab_1', title: 'Step 1' }])
    expect(d.fields.every((f) => f.tab === 'tab_1')).toBe(true)
    d = applyOp(d, { type: 'add-tab' })
    expect(d.tabs.map((t) => t.name)).toEqual(['tab_1', 'tab_2'])
    expect(d.fields.every((f) => f.tab === 'tab_1')).toBe(true)
  })

  it('removes a tab, moving its fields to the first tab left, or to none', () => {
    const d = draft({
      layout: 'tabs',
      tabs: [
        { name: 'a', title: 'A' },
        { name: 'b', title: 'B' },
      ],
      fields: [
        { name: 'title', grid: 12, tab: 'a' },
        { name: 'cf_note', grid: 6, tab: 'b' },
      ],
    })
    const one = applyOp(d, { type: 'remove-tab', index: 1 })
    expect(one.tabs).toEqual([{ name: 'a', title: 'A' }])
    expect(one.fields.map((f) => f.tab)).toEqual(['a', 'a'])
    const none = applyOp(one, { type: 'remove-tab', index: 0 })
    expect(none.fields.map((f) => f.tab)).toEqual([undefined, undefined])
  })
})

describe('posting and reading back', () => {
  it('reads a posted draft: entries, tabs, ticks, lists', () => {
    const fd = new FormData()
    fd.set('name', 'Intake')
    fd.set('layout', 'tabs')
    fd.set(inputName.tab(0, 'name'), 'main')
    fd.set(inputName.tab(0, 'title'), 'Main')
    fd.set(inputName.field(0, 'name'), 'cf_note')
    fd.set(inputName.field(0, 'grid'), '6')
    fd.set(inputName.field(0, 'tab'), 'main')
    fd.set(inputName.field(0, 'label'), '  Remark ')
    fd.set(inputName.field(0, 'readonly'), 'on')
    fd.set(inputName.field(1, 'name'), 'cf_mail')
    fd.set(inputName.field(1, 'grid'), '99')
    fd.set(inputName.shown(1), 'on')
    fd.set('editable_mode', 'some')
    fd.append('editable', 'cf_mail')
    fd.set('visible_mode', 'all')
    fd.append('visible', 'cf_note')
    expect(readDraft(fd)).toEqual({
      name: 'Intake',
      layout: 'tabs',
      tabs: [{ name: 'main', title: 'Main' }],
      fields: [
        { name: 'cf_note', grid: 6, tab: 'main', label: 'Remark', readonly: true, visible: false },
        { name: 'cf_mail', grid: 12 },
      ],
      editable: ['cf_mail'],
      visible: null,
    })
  })

  it('round-trips a draft through JSON (the preview posts it so)', () => {
    const d = draft({
      layout: 'tabs',
      tabs: [{ name: 'a', title: 'A' }],
      fields: [{ name: 'cf_note', grid: 4, tab: 'a', label: 'N', readonly: true, visible: false }],
      editable: [],
      visible: ['cf_note'],
    })
    expect(draftFromJson(JSON.stringify(d))).toEqual(d)
    expect(draftFromJson('not json')).toEqual(emptyDraft())
  })

  it('reads a stored form', () => {
    const stored = {
      name: 'F',
      layout: 'simple' as const,
      tabs: [],
      fields: [{ name: 'cf_note', grid: 6, visible: false, readonly: false }],
      editable: null,
      visible: null,
    }
    expect(draftOf(stored).fields).toEqual([{ name: 'cf_note', grid: 6, visible: false }])
  })
})

describe('keys the editor does not edit', () => {
  const stored = {
    name: 'F',
    layout: 'simple' as const,
    tabs: [],
    fields: [
      {
        name: 'cf_note',
        grid: 6,
        label: 'Remark',
        placeholder: 'Say it',
        default: 'hi',
        appendIcon: 'search' as const,
        settings: { max_length: 3 },
      },
      { name: 'cf_mail', grid: 12, appendIcon: null },
      { name: 'title', grid: 12 },
    ],
    editable: null,
    visible: null,
  }
  /** The draft as the editor posts it (one input per key, kept keys as JSON) and reads it back. */
  const post = (d: Draft) => {
    const fd = new FormData()
    fd.set('name', d.name)
    fd.set('layout', d.layout)
    for (const [i, f] of d.fields.entries()) {
      fd.set(inputName.field(i, 'name'), f.name)
      fd.set(inputName.field(i, 'grid'), String(f.grid))
      if (f.label) fd.set(inputName.field(i, 'label'), f.label)
      if (f.visible !== false) fd.set(inputName.shown(i), 'on')
      if (f.kept !== undefined) fd.set(inputName.kept(i), JSON.stringify(f.kept))
    }
    return readDraft(fd)
  }

  it('carries them through draftOf, the post and the saved definition unchanged', () => {
    const back = post(draftOf(stored))
    expect(draftFromJson(JSON.stringify(back))).toEqual(back)
    const checked = checkDraft(back, defs)
    expect(checked.errors).toEqual({})
    expect(checked.body?.fields).toEqual([
      { ...stored.fields[0], settings: { max_length: 3 } },
      stored.fields[1],
      stored.fields[2],
    ])
  })

  it('drops them with a removed entry; an added one starts without them', () => {
    let d = applyOp(draftOf(stored), { type: 'remove-field', index: 0 })
    d = applyOp(d, { type: 'add-field', name: 'cf_note' })
    const fields = checkDraft(post(d), defs).body?.fields
    expect(fields?.find((f) => f.name === 'cf_note')).toEqual({ name: 'cf_note', grid: 12 })
    expect(fields?.find((f) => f.name === 'cf_mail')).toEqual({ name: 'cf_mail', grid: 12, appendIcon: null })
  })

  it('refuses forged kept keys with a catalogue error, and never lets them rename or move an entry', () => {
    const forged = (raw: string) => {
      const fd = new FormData()
      fd.set('name', 'F')
      fd.set(inputName.field(0, 'name'), 'cf_note')
      fd.set(inputName.field(0, 'grid'), '6')
      fd.set(inputName.shown(0), 'on')
      fd.set(inputName.kept(0), raw)
      return readDraft(fd)
    }
    expect(checkDraft(forged('{"appendIcon":"rocket"}'), defs).errors).toEqual({
      'fields[0].appendIcon': [CODES.option],
    })
    expect(checkDraft(forged('{"default":"far too long"}'), defs).body).toBeUndefined()
    expect(checkDraft(forged('not json'), defs).errors).toEqual({ 'fields[0]': [CODES.invalid] })
    expect(checkDraft(forged('[1]'), defs).errors).toEqual({ 'fields[0]': [CODES.invalid] })
    expect(checkDraft(forged('{"name":"title","grid":1,"placeholder":"P"}'), defs).body?.fields).toEqual([
      { name: 'cf_note', grid: 6, placeholder: 'P' },
    ])
  })
})

describe('saving', () => {
  it('lays board entries out on the 48 columns, a new row when one is full', () => {
    expect(
      boardCells([
        { name: 'a', grid: 6 },
        { name: 'b', grid: 6 },
        { name: 'c', grid: 4 },
      ]),
    ).toEqual([
      { x: 0, y: 0, w: 24, h: 1 },
      { x: 24, y: 0, w: 24, h: 1 },
      { x: 0, y: 1, w: 16, h: 1 },
    ])
    expect(formBody(draft({ layout: 'board', tabs: [{ name: 'a', title: 'A' }] })).fields[2]).toMatchObject({
      x: 24,
      y: 1,
      w: 24,
    })
  })

  it('drops tabs from a simple form', () => {
    const body = formBody(
      draft({ tabs: [{ name: 'a', title: 'A' }], fields: [{ name: 'title', grid: 12, tab: 'a' }] }),
    )
    expect(body.tabs).toEqual([])
    expect(body.fields[0].tab).toBeUndefined()
  })

  it('checks with the upstream schema: a tabs form needs tabs, names must be fields of the node', () => {
    expect(checkDraft(draft(), defs).errors).toEqual({})
    expect(checkDraft(draft({ name: ' ' }), defs).errors).toEqual({ name: ['validation.required'] })
    expect(checkDraft(draft({ layout: 'tabs' }), defs).errors).toEqual({ tabs: ['validation.required'] })
    const unknown = draft({ fields: [{ name: 'cf_nope', grid: 12 }] })
    expect(checkDraft(unknown, defs).errors).toEqual({ 'fields[0].name': ['forms.unknown_field'] })
  })
})

describe('the preview', () => {
  it('relabels, hides, and leaves read-only fields out of the editable names', () => {
    const d = draft({
      layout: 'tabs',
      tabs: [{ name: 'a', title: '' }],
      fields: [
        { name: 'title', grid: 12, tab: 'a', readonly: true },
        { name: 'cf_note', grid: 6, tab: 'a', label: 'Remark' },
        { name: 'cf_mail', grid: 6, tab: 'a', visible: false },
        { name: 'cf_gone', grid: 6, tab: 'a' },
      ],
    })
    const { definitions, description } = previewOf(d, defs)
    expect(definitions.map((x) => x.title)).toEqual(['fields.system.title', 'Remark', 'Mail'])
    expect(description.layout).toBe('tabs')
    expect(description.tabs).toEqual([{ key: 'a', title: 'a' }])
    expect(description.visible).toEqual(['title', 'cf_note'])
    expect(description.editable).toEqual(['cf_note'])
  })

  it('shows a tabs form without tabs as a simple one', () => {
    expect(previewOf(draft({ layout: 'tabs' }), defs).description.layout).toBe('simple')
  })
})

describe('bounds in messages', () => {
  it('translates an issue with its bound when given t (the input showing it does not know it)', () => {
    const t = (code: string, p: Record<string, unknown>) => `${code}:${p.max}`
    expect(checkDraft(draft({ name: 'x'.repeat(201) }), defs, t).errors).toEqual({
      name: ['validation.max_length:200'],
    })
  })
})
