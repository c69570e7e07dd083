import { describe, expect, it } from 'vitest'
import { indexableField } from './indexable'

describe('indexableField', () => {
  it('takes a field holding one value', () => {
    for (const type of ['text', 'number', 'date', 'datetime', 'year', 'select', 'checkbox', 'phone'] as const)
      expect(indexableField({ type, settings: {} }), type).toBe(true)
  })

  it('refuses lists, groups, files and rich text', () => {
    expect(indexableField({ type: 'select', settings: { multiple: true } })).toBe(false)
    expect(indexableField({ type: 'address', settings: {} })).toBe(false)
    expect(indexableField({ type: 'json', settings: {} })).toBe(false)
    expect(indexableField({ type: 'file', settings: {} })).toBe(false)
    expect(indexableField({ type: 'editor', settings: {} })).toBe(false)
    expect(
      indexableField({
        type: 'text',
        settings: {},
        structure: [{ name: 'a', type: 'text', title: 'a', settings: {} }],
      }),
    ).toBe(false)
  })
})
