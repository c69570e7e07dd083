import type { FieldDefinition } from '@domain/fields/types'
import { describe, expect, it } from 'vitest'
import { type FormDescription, formSchemaOf, isEditableIn, widthOf } from './description'

const defs: FieldDefinition[] = [
  { name: 'cf_a', type: 'text', title: 'A', settings: { required: true } },
  { name: 'cf_b', type: 'text', title: 'B', settings: { required: true } },
  { name: 'cf_c', type: 'text', title: 'C', settings: { required: true } },
]
const form: FormDescription = {
  layout: 'simple',
  fields: [{ name: 'cf_a' }, { name: 'cf_b', grid: 6 }, { name: 'cf_c', grid: 40 }],
  editable: ['cf_a', 'cf_c'],
  visible: ['cf_a', 'cf_b'],
}

describe('form description', () => {
  it('widths default to 12 in a 12-column grid', () => {
    expect(form.fields.map(widthOf)).toEqual([12, 6, 12])
  })

  it('a field is editable when it is visible and listed', () => {
    expect(['cf_a', 'cf_b', 'cf_c'].map((n) => isEditableIn(form, n))).toEqual([true, false, false])
  })

  it('the schema holds only the visible, editable fields: read-only values posted anyway are dropped', () => {
    const schema = formSchemaOf(defs, form)
    expect(Object.keys(schema.shape)).toEqual(['cf_a'])
    expect(schema.parse({ cf_a: 'x', cf_b: 'sneaked', cf_c: 'hidden' })).toEqual({ cf_a: 'x' })
  })
})
