import { describe, expect, it } from 'vitest'
import { expandTaskPayload } from './payload'

describe('expandTaskPayload (spec §3)', () => {
  it.each<[string, unknown, unknown]>([
    ['as it is', { title: 'T', custom_fields: { cf_a: 1 } }, { title: 'T', custom_fields: { cf_a: 1 } }],
    ['dotted keys nest', { 'custom_fields.cf_a': 1 }, { custom_fields: { cf_a: 1 } }],
    [
      'cf_ keys move under custom_fields',
      { cf_a: 1, title: 'T' },
      { title: 'T', custom_fields: { cf_a: 1 } },
    ],
    [
      'dotted cf_ keys nest there too, merging with what is there',
      { 'cf_office.city': 'Kazan', custom_fields: { cf_office: { street: 'Lenina' }, cf_b: 2 } },
      { custom_fields: { cf_office: { street: 'Lenina', city: 'Kazan' }, cf_b: 2 } },
    ],
    [
      'nested dotted keys',
      { custom_fields: { 'cf_o.city': 'K' } },
      { custom_fields: { cf_o: { city: 'K' } } },
    ],
    ['unsafe names dropped', { '__proto__.x': 1, 'a..b': 2, title: 'T' }, { title: 'T' }],
    ['not an object', 'text', 'text'],
    ['a list', [1], [1]],
  ])('%s', (_label, input, expected) => {
    expect(expandTaskPayload(input)).toEqual(expected)
  })
})
