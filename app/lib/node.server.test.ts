import { describe, expect, it } from 'vitest'
import { cleanNodeName, nodeFromHost, nodeName, requestCookieDomain } from './node.server'

describe('nodeFromHost (PRODUCT.md §1 tenants)', () => {
  it.each([
    ['start.localhost:3000', 'start'],
    ['acme.localhost:3000', 'acme'],
    ['ACME.localhost', 'acme'],
    ['acme.nodus.example.com', 'acme'],
    ['demo.nodus.io:443', 'demo'],
  ])('%s → %s (the first label)', (host, node) => {
    expect(nodeFromHost(host)).toBe(node)
  })

  it.each(['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:3100', '[::1]:3000', '10.0.0.7'])(
    '%s → start',
    (host) => {
      expect(nodeFromHost(host)).toBe('start')
    },
  )

  it('reads the host of a request', () => {
    expect(nodeName(new Request('http://unknown.localhost:3100/lk'))).toBe('unknown')
    expect(nodeName(new Request('http://127.0.0.1:3100/lk'))).toBe('start')
    expect(requestCookieDomain(new Request('http://start.localhost:3100/'))).toBe('.start.localhost')
    expect(requestCookieDomain(new Request('http://127.0.0.1:3100/'))).toBeUndefined()
  })

  it('cleans a node name for display', () => {
    expect(cleanNodeName('Unknown')).toBe('unknown')
    expect(cleanNodeName('<script>')).toBeNull()
    expect(cleanNodeName('')).toBeNull()
    expect(cleanNodeName('a-b-1')).toBe('a-b-1')
  })
})
