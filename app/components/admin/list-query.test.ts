import { describe, expect, it } from 'vitest'
import { listPaths, readListQuery } from './list-query'

describe('readListQuery', () => {
  it.each([
    ['', { page: 1, search: '' }],
    ['?page=3', { page: 3, search: '' }],
    ['?page=0', { page: 1, search: '' }],
    ['?page=-2', { page: 1, search: '' }],
    ['?page=2.5', { page: 1, search: '' }],
    ['?page=abc', { page: 1, search: '' }],
    ['?page=99999999', { page: 1, search: '' }],
    ['?search=%20ivan%20&page=2', { page: 2, search: 'ivan' }],
  ])('%s → %j', (qs, expected) => {
    expect(readListQuery(new URLSearchParams(qs))).toEqual(expected)
  })

  it('cuts the search to the upstream limit of 100', () => {
    expect(readListQuery(new URLSearchParams({ search: 'x'.repeat(150) })).search).toHaveLength(100)
  })
})

describe('listPaths', () => {
  const users = listPaths('/admin/users')
  it('keep the list query, dropping page 1 and an empty search', () => {
    expect(users.list()).toBe('/admin/users')
    expect(users.list({ page: 1, search: '' })).toBe('/admin/users')
    expect(users.list({ page: 2, search: 'a b' })).toBe('/admin/users?search=a+b&page=2')
    expect(users.add({ page: 3 })).toBe('/admin/users/new?page=3')
    expect(users.item('u-1', { search: 'x' })).toBe('/admin/users/u-1?search=x')
    expect(users.item('u-1', { page: 2 }, { confirm: 'unbind' })).toBe(
      '/admin/users/u-1?page=2&confirm=unbind',
    )
  })

  it('encode an id as one path segment', () => {
    expect(listPaths('/admin/teams').item('a/b')).toBe('/admin/teams/a%2Fb')
  })
})
