import { issueDetail } from '@domain/errors/issues'
import { describe, expect, it } from 'vitest'
import type { ZodIssue } from 'zod'
import { fieldOf, issuesOf } from './testing'
import { buildValueSchema, displayText, formatValue, normalizeInput } from './value'

/**
 * What the shared mapper (domain/errors/issues.ts, used by the upstream and the planner) makes of
 * an issue whose message is a catalogue code: ctx from the issue's bound, and the English text.
 */
const detail = (issue: ZodIssue) => issueDetail(issue, [])

describe('the messages of field rules (spec §5)', () => {
  const text = fieldOf({ type: 'text', settings: { min_length: 3, max_length: 5 } })

  it.each([
    ['', { ...text, settings: { required: true } }, 'validation.required', 'Value is required'],
    ['abcdef', text, 'validation.max_length', 'The maximum length allowed is 5'],
    ['ab', text, 'validation.min_length', 'This field should be at least 3 characters long'],
    ['no', fieldOf({ type: 'email' }), 'validation.email', 'Value is not a valid email address'],
    ['{', fieldOf({ type: 'json' }), 'value_error.json', 'Invalid JSON'],
  ])('%j gives %s', (input, def, type, msg) => {
    const [issue] = issuesOf(def, input)
    expect(detail(issue)).toMatchObject({ type, msg })
  })

  it('gives one issue for a blank required value, whatever else the settings say', () => {
    expect(issuesOf({ ...text, settings: { ...text.settings, required: true } }, '   ')).toHaveLength(1)
  })
})

describe('buildValueSchema', () => {
  it('passes empty values through every rule but required (spec §5)', () => {
    for (const type of ['text', 'email', 'number', 'date', 'select', 'phone'] as const) {
      const def = fieldOf({ type, settings: { min_length: 5, options: [] } })
      expect(buildValueSchema(def).parse('  '), type).toBeNull()
    }
  })

  it('throws for a definition of an unknown type, which saving a definition refuses', () => {
    expect(() =>
      buildValueSchema({ name: 'cf_x', type: 'rating' as 'text', title: 'X', settings: {} }),
    ).toThrow()
  })
})

describe('formatValue and displayText', () => {
  it('shows nothing for no value, and translates the keys of yes and no', () => {
    const t = (key: string) => ({ 'fields.yes': 'Да', 'fields.no': 'Нет' })[key] ?? key
    expect(formatValue(fieldOf({ type: 'date' }), undefined)).toBe('')
    expect(displayText(formatValue(fieldOf({ type: 'switch' }), true), t)).toBe('Да')
    expect(displayText(formatValue(fieldOf({ type: 'checkbox' }), false), t)).toBe('Нет')
    expect(displayText(formatValue(fieldOf({ type: 'text' }), 'fields.yes'), t)).toBe('fields.yes')
  })
})

describe('normalizeInput', () => {
  it('trims by default and uses the type’s own rule where it has one', () => {
    expect(normalizeInput(fieldOf({ type: 'text' }), '  a b  ')).toBe('a b')
    expect(normalizeInput(fieldOf({ type: 'phone' }), '+0')).toBe('+')
    expect(normalizeInput(fieldOf({ type: 'progress' }), '150')).toBe('100')
  })
})
