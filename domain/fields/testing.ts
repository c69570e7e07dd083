import { describe, expect, it } from 'vitest'
import type { ZodIssue } from 'zod'
import { getFieldType } from './registry'
import type { Display, FieldDefinition, FieldSettings, FieldType, FilterKind } from './types'
import { buildValueSchema, formatValue, normalizeInput } from './value'

/*
 * One table of cases per field type drives its validation, normalisation, formatting and filter
 * kind (STYLE.md §14, after Directus tests/blackbox/schema/<type>). Only test files import this.
 */

/** [what is posted or sent, what is stored, settings for this row]. */
type Accept = [input: unknown, stored: unknown, settings?: FieldSettings]
/** [what is posted or sent, the message code, settings for this row, the issue's path below the field]. */
type Refuse = [input: unknown, code: string, settings?: FieldSettings, path?: (string | number)[]]

export interface TypeCases {
  type: FieldType
  /** Settings every row starts from. */
  settings?: FieldSettings
  structure?: FieldDefinition[]
  accepts: Accept[]
  refuses: Refuse[]
  /** [raw input text, what the input shows after normalize]. */
  normalizes?: [string, string][]
  /** [stored value, display]. */
  formats?: [unknown, Display][]
  filter: FilterKind
}

const NAME = 'cf_field'

export function fieldOf(
  c: Pick<TypeCases, 'type' | 'settings' | 'structure'>,
  settings?: FieldSettings,
): FieldDefinition {
  return {
    name: NAME,
    type: c.type,
    title: 'Field',
    settings: { ...c.settings, ...settings },
    ...(c.structure ? { structure: c.structure } : {}),
  }
}

export function issuesOf(def: FieldDefinition, input: unknown): ZodIssue[] {
  const r = buildValueSchema(def).safeParse(input)
  return r.success ? [] : r.error.issues
}

export function describeType(c: TypeCases): void {
  describe(`field type ${c.type}`, () => {
    const kind = getFieldType(c.type)

    it.each(c.accepts)('accepts %j as %j', (input, stored, settings) => {
      expect(buildValueSchema(fieldOf(c, settings)).parse(input)).toEqual(stored)
    })

    it.each(c.refuses)('refuses %j with %s', (input, code, settings, path = []) => {
      const [first] = issuesOf(fieldOf(c, settings), input)
      expect(first?.message).toBe(code)
      expect(first?.path).toEqual(path)
      // The upstream's error mapper fills ctx {max}/{min} from these (api/src/http/error-handler.ts).
      if (code === 'validation.max_length') expect(first).toHaveProperty('maximum', expect.any(Number))
      if (code === 'validation.min_length') expect(first).toHaveProperty('minimum', expect.any(Number))
    })

    // Spec §5: empty values pass every rule except required — for every type.
    it.each([undefined, null, ''])(
      'stores the empty value for %j, and requires a value when required',
      (empty) => {
        expect(buildValueSchema(fieldOf(c, { required: false })).parse(empty)).toEqual(kind.emptyValue)
        expect(issuesOf(fieldOf(c, { required: true }), empty).map((i) => i.message)).toEqual([
          'validation.required',
        ])
      },
    )

    if (c.normalizes?.length)
      it.each(c.normalizes)('normalises input %j to %j', (raw, out) => {
        expect(normalizeInput(fieldOf(c), raw)).toBe(out)
      })

    if (c.formats?.length)
      it.each(c.formats)('formats %j as %j', (stored, display) => {
        expect(formatValue(fieldOf(c), stored, 'ru')).toEqual(display)
      })

    it(`filters as ${c.filter}`, () => {
      expect(kind.filter.kind).toBe(c.filter)
      expect(kind.filter.operators.length === 0).toBe(c.filter === 'none')
    })
  })
}
