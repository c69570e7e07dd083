import { describe, expect, it } from 'vitest'
import { optionsFromRows, optionsOf } from './options'

describe('select options (spec §3)', () => {
  it('maps statuses by name and id, users by full_name and id', () => {
    expect(optionsFromRows('statuses', [{ id: 's1', name: 'Open', description: 'x' }])).toEqual([
      { value: 's1', label: 'Open' },
    ])
    expect(optionsFromRows('users', [{ id: 7, full_name: 'Petrov Ivan', user_name: 'p@x' }])).toEqual([
      { value: '7', label: 'Petrov Ivan' },
    ])
  })

  it('maps generic options by title and value, translating titles that are keys', () => {
    const def = {
      name: 'x',
      type: 'select' as const,
      title: 'X',
      settings: { options: [{ title: 'a.key', value: 1 }] },
    }
    expect(optionsOf(def, undefined, (k) => `t:${k}`)).toEqual([{ value: '1', label: 't:a.key' }])
  })

  it('prefers loaded options', () => {
    const def = { name: 'x', type: 'select' as const, title: 'X', settings: { source: 'users' } }
    expect(optionsOf(def, [{ value: 'u', label: 'U' }], (k) => k)).toEqual([{ value: 'u', label: 'U' }])
  })
})
