import { parseWithZod } from '@conform-to/zod'
import { fieldDefinitionSchema } from '@domain/fields/definition'
import { describe, expect, it } from 'vitest'
import { formSchemaOf } from '~/fields/form/description'
import {
  carryOver,
  editorDefaults,
  editorDefinitions,
  editorDescription,
  fieldBody,
  fieldTypes,
  issueErrors,
  readType,
} from './editor-definitions'

/** What the editor's form posts, parsed as its action parses it. */
function post(type: Parameters<typeof editorDefinitions>[0], entries: Record<string, string>) {
  const fd = new FormData()
  for (const [k, v] of Object.entries(entries)) fd.append(k, v)
  const defs = editorDefinitions(type)
  return parseWithZod(fd, { schema: formSchemaOf(defs, editorDescription(defs)) })
}

describe('the field editor as definitions', () => {
  it('has name and title, then the settings of the type, for every type of the registry', () => {
    expect(fieldTypes()).toHaveLength(28)
    for (const type of fieldTypes()) {
      const names = editorDefinitions(type).map((d) => d.name)
      expect(names.slice(0, 2)).toEqual(['name', 'title'])
      expect(names.slice(2).every((n) => n.startsWith('settings.') || n === 'structure')).toBe(true)
    }
    expect(editorDefinitions('text').map((d) => d.name)).toContain('settings.max_length')
    expect(editorDefinitions('select').map((d) => d.name)).toContain('settings.options')
    expect(editorDefinitions('address').map((d) => d.name)).toContain('structure')
  })

  it('puts short settings two to a row', () => {
    const grid = Object.fromEntries(
      editorDescription(editorDefinitions('select')).fields.map((f) => [f.name, f.grid]),
    )
    expect(grid).toMatchObject({ name: 6, title: 6, 'settings.placeholder': 6, 'settings.options': 12 })
  })

  it('reads a posted type, or keeps the fallback', () => {
    expect(readType('email', 'text')).toBe('email')
    expect(readType('nope', 'text')).toBe('text')
    expect(readType(null, 'select')).toBe('select')
  })
})

describe('options rows', () => {
  it('post as settings.options[i].title/value; blank rows are no rows', () => {
    const parsed = post('select', {
      name: 'cf_kind',
      title: 'Kind',
      'settings.options[0].title': 'Bug',
      'settings.options[0].value': 'bug',
      'settings.options[1].title': '',
      'settings.options[1].value': '',
      'settings.options[2].title': 'Feature',
      'settings.options[2].value': 'feature',
    })
    expect(parsed.status).toBe('success')
    const body = fieldBody(parsed.status === 'success' ? parsed.value : {}, 'select')
    const def = fieldDefinitionSchema.parse(body)
    expect(def.settings.options).toEqual([
      { title: 'Bug', value: 'bug' },
      { title: 'Feature', value: 'feature' },
    ])
  })

  it('a half-filled row is refused at its input', () => {
    const parsed = post('radio', {
      name: 'cf_kind',
      title: 'Kind',
      'settings.options[0].title': 'Bug',
      'settings.options[0].value': '',
    })
    expect(parsed.status).toBe('error')
    if (parsed.status === 'error')
      expect(parsed.error?.['settings.options[0].value']).toEqual(['validation.required'])
  })

  it('a select with no options and no source is refused by the definition schema, at its input', () => {
    const parsed = post('select', { name: 'cf_kind', title: 'Kind' })
    const checked = fieldDefinitionSchema.safeParse(
      fieldBody(parsed.status === 'success' ? parsed.value : {}, 'select'),
    )
    expect(checked.success).toBe(false)
    if (!checked.success) expect(Object.keys(issueErrors(checked.error.issues))).toContain('settings.options')
  })
})

describe('lengths and the default', () => {
  it('a default longer than the maximum is refused with validation.max_length at settings.default', () => {
    const parsed = post('text', {
      name: 'cf_code',
      title: 'Code',
      'settings.max_length': '3',
      'settings.default': 'abcd',
    })
    expect(parsed.status).toBe('success')
    const checked = fieldDefinitionSchema.safeParse(
      fieldBody(parsed.status === 'success' ? parsed.value : {}, 'text'),
    )
    expect(checked.success).toBe(false)
    if (!checked.success)
      expect(issueErrors(checked.error.issues)).toEqual({ 'settings.default': ['validation.max_length'] })
  })

  it('a bad name is refused by the definition schema', () => {
    const parsed = post('email', { name: 'Mail', title: 'Mail' })
    const checked = fieldDefinitionSchema.safeParse(
      fieldBody(parsed.status === 'success' ? parsed.value : {}, 'email'),
    )
    expect(checked.success).toBe(false)
    if (!checked.success)
      expect(issueErrors(checked.error.issues)).toEqual({ name: ['value_error.field_name'] })
  })
})

describe('changing the type', () => {
  const values = {
    name: 'cf_x',
    title: 'X',
    settings: { placeholder: 'p', max_length: '5', default: 'abc', options: [{ title: 'A', value: 'a' }] },
  }

  it('keeps name, title and the settings the new type has, not the old default', () => {
    expect(carryOver(values, 'text', 'email')).toEqual({
      name: 'cf_x',
      title: 'X',
      settings: { placeholder: 'p', max_length: '5' },
    })
    expect(carryOver(values, 'text', 'radio')).toEqual({
      name: 'cf_x',
      title: 'X',
      settings: { options: [{ title: 'A', value: 'a' }] },
    })
    expect(carryOver(values, 'text', 'text').settings).toMatchObject({ default: 'abc' })
  })

  it('keeps child fields between composites only', () => {
    const structure = '[{"name":"city","type":"text","title":"City","settings":{}}]'
    expect(carryOver({ structure }, 'address', 'json')).toEqual({ structure })
    expect(carryOver({ structure }, 'address', 'text')).toEqual({})
  })
})

it('a stored field starts the editor with its values', () => {
  expect(
    editorDefaults({ name: 'cf_a', title: 'A', settings: { required: true }, structure: undefined }),
  ).toEqual({ name: 'cf_a', title: 'A', settings: { required: true } })
})
