import { describe, expect, it } from 'vitest'
import { fieldIndex, queryFields } from './fields'
import { cf } from './testing'

describe('queryFields', () => {
  const names = queryFields([]).map((f) => f.name)

  it('offers the system fields, the task key and their children (spec §3)', () => {
    expect(names).toEqual(
      expect.arrayContaining(
        ['title', 'description', 'status', 'assignee', 'author', 'process', 'created_at', 'updated_at', 'key']
          .concat(['attachments', 'status.id', 'status.name', 'status.description', 'process.key'])
          .concat(['process.name', 'process.description', 'process.id']),
      ),
    )
    for (const user of ['assignee', 'author'])
      for (const child of ['id', 'user_name', 'full_name', 'fio.name', 'fio.surname', 'fio.middlename'])
        expect(names).toContain(`${user}.${child}`)
    expect(names).toContain('author.contacts.phone')
    expect(new Set(names).size).toBe(names.length)
  })

  it('adds custom fields and the children of composites, named from their parent', () => {
    const fields = queryFields([
      cf('cf_address', 'address'),
      cf('cf_place', 'address', {}, [cf('town', 'text')]),
      cf('cf_info', 'json', {}, [cf('inner', 'json', {}, [cf('deep', 'number')])]),
      cf('cf_plain', 'json'),
    ])
    const custom = fields.filter((f) => f.custom).map((f) => f.name)
    expect(custom).toEqual(
      ['cf_address', 'cf_address.postcode', 'cf_address.region', 'cf_address.city', 'cf_address.street']
        .concat([
          'cf_address.house',
          'cf_address.flat',
          'cf_place',
          'cf_place.town',
          'cf_info',
          'cf_info.inner',
        ])
        .concat(['cf_info.inner.deep', 'cf_plain']),
    )
    expect(fields.find((f) => f.name === 'cf_info.inner.deep')).toMatchObject({
      root: 'cf_info',
      path: ['inner', 'deep'],
      type: 'number',
      sortable: true,
    })
  })

  it('finds keys in any case', () => {
    const index = fieldIndex([cf('cf_x', 'text')])
    expect(index.get('status.name')?.type).toBe('text')
    expect(index.get('cf_x')?.custom).toBe(true)
    expect(index.get('cf_y')).toBeUndefined()
  })

  it('gives each field the operators of its type, for completion in the browser', () => {
    const byName = new Map(queryFields([cf('cf_n', 'number')]).map((f) => [f.name, f]))
    expect(byName.get('cf_n')?.filter.operators).toContain('>')
    expect(byName.get('status')?.filter.operators).not.toContain('~')
    expect(byName.get('description')?.filter.operators).toEqual(['~', '!~', 'is empty', 'is not empty'])
    expect(byName.get('attachments')?.filter).toEqual({ kind: 'none', operators: [] })
  })
})
