import { describe, expect, it } from 'vitest'
import { fillPath } from './upstream.server'

describe('fillPath (the contract’s template with its parameters)', () => {
  it('puts each parameter in its place, percent-encoded', () => {
    expect(fillPath('/api/statuses/{nodeId}/{statusId}', { nodeId: 'n 1', statusId: 'a/b?c' })).toBe(
      '/api/statuses/n%201/a%2Fb%3Fc',
    )
    expect(fillPath('/api/users/me')).toBe('/api/users/me')
  })

  it('refuses a template whose parameter has no value', () => {
    expect(() => fillPath('/api/statuses/{nodeId}', {})).toThrow('{nodeId}')
  })
})
