import { describe, expect, it } from 'vitest'
import { isEditable, isInert, showsClear, showsErrors } from './flags'

describe('field flags (spec §4, §5)', () => {
  it.each([
    [{}, true],
    [{ disabled: true }, false],
    [{ readonly: true }, false],
    [{ loading: true }, true],
  ])('%j is editable: %s', (flags, editable) => {
    expect(isEditable(flags)).toBe(editable)
  })

  it.each([
    [{}, false],
    [{ disabled: true }, true],
    [{ readonly: true }, true],
    [{ loading: true }, true],
  ])('%j makes toggles inert: %s', (flags, inert) => {
    expect(isInert(flags)).toBe(inert)
  })

  it('shows errors only when there are some and the field is editable', () => {
    expect(showsErrors(['validation.required'], {})).toBe(true)
    expect(showsErrors([], {})).toBe(false)
    expect(showsErrors(undefined, {})).toBe(false)
    expect(showsErrors(['validation.required'], { disabled: true })).toBe(false)
    expect(showsErrors(['validation.required'], { readonly: true })).toBe(false)
  })

  it('shows the clear button only for clearable, non-empty, editable fields', () => {
    expect(showsClear(false, { clearable: true })).toBe(true)
    expect(showsClear(true, { clearable: true })).toBe(false)
    expect(showsClear(false, {})).toBe(false)
    expect(showsClear(false, { clearable: true, disabled: true })).toBe(false)
    expect(showsClear(false, { clearable: true, readonly: true })).toBe(false)
    expect(showsClear(false, { clearable: true, loading: true })).toBe(false)
  })
})
