import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compactJsonb } from './jsonb-compact'

/** A value written as PostgreSQL prints jsonb: a space after `:` and `,`, numbers as given. */
function jsonbText(v: unknown, number: (n: number) => string): string {
  if (Array.isArray(v)) return `[${v.map((x) => jsonbText(x, number)).join(', ')}]`
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${jsonbText(x, number)}`)
      .join(', ')}}`
  if (typeof v === 'number') return number(v)
  return JSON.stringify(v)
}

describe('compactJsonb', () => {
  it('writes what JSON.stringify writes of the value, whatever its strings and numbers', () => {
    const spellings = fc.constantFrom(
      (n: number) => String(n),
      (n: number) => (Number.isInteger(n) && Math.abs(n) < 1e15 ? n.toFixed(2) : String(n)),
      (n: number) => (Math.abs(n) >= 1e21 ? BigInt(n).toString() : String(n)),
    )
    fc.assert(
      fc.property(fc.jsonValue(), spellings, (v, spell) => {
        const value = JSON.parse(JSON.stringify(v))
        expect(compactJsonb(jsonbText(value, spell))).toBe(JSON.stringify(value))
      }),
      { numRuns: 500 },
    )
  })

  it('keeps spaces, commas, colons and escapes inside strings', () => {
    const text =
      '{"a": "x, y: \\"z\\" \\\\ ", "b": [1.50, -0, 2.0e3, {"c": null}], "d": 1000000000000000000000}'
    expect(compactJsonb(text)).toBe(JSON.stringify(JSON.parse(text)))
    expect(compactJsonb('{"cf_x": "a b", "cf_n": 3}')).toBe('{"cf_x":"a b","cf_n":3}')
  })
})
