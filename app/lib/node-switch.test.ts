import { describe, expect, it } from 'vitest'
import { nodeFromHost } from './node.server'
import { cookieCovers, nodeHost, nodeHref } from './node-switch'

describe('nodeHost: the other node at the same host, scheme and port', () => {
  it.each([
    ['start.localhost:3000', 'demo', 'demo.localhost:3000'],
    ['start.localhost', 'demo', 'demo.localhost'],
    ['START.Localhost:3107', 'demo', 'demo.localhost:3107'],
    ['acme.nodus.example.com', 'demo', 'demo.nodus.example.com'],
    ['acme.nodus.example.com:8443', 'start', 'start.nodus.example.com:8443'],
    ['start.nodus.localhost:3107', 'demo', 'demo.nodus.localhost:3107'],
    ['localhost:3000', 'demo', 'demo.localhost:3000'],
    ['intranet', 'demo', 'demo.intranet'],
  ])('%s, node %s → %s', (host, node, expected) => {
    expect(nodeHost(host, node)).toBe(expected)
    // And that host is indeed the node's (PRODUCT.md §1: the first label).
    expect(nodeFromHost(expected)).toBe(node)
  })

  it.each(['127.0.0.1:3000', '10.0.0.7', '[::1]:3000', '::1'])(
    'an IP address (%s) names no other node',
    (host) => {
      expect(nodeHost(host, 'demo')).toBeNull()
    },
  )
})

describe('nodeHref: the node’s /lk', () => {
  it('keeps the scheme and the port', () => {
    expect(nodeHref({ protocol: 'http:', host: 'start.localhost:3107' }, 'demo')).toBe(
      'http://demo.localhost:3107/lk',
    )
    expect(nodeHref({ protocol: 'https:', host: 'acme.nodus.io' }, 'demo')).toBe('https://demo.nodus.io/lk')
  })

  it('is null where no other node can be addressed', () => {
    expect(nodeHref({ protocol: 'http:', host: '127.0.0.1:3107' }, 'demo')).toBeNull()
  })
})

describe('cookieCovers (spec §9: the cookie is on the parent domain)', () => {
  it.each([
    ['acme.nodus.io', 'demo.nodus.io', true],
    ['start.nodus.localhost:3107', 'demo.nodus.localhost:3107', true],
    // A two-label host keeps its whole name: its cookie stays with it.
    ['start.localhost:3107', 'demo.localhost:3107', false],
    ['start.localhost:3107', 'start.localhost:3107', true],
    // Host-only on a bare name.
    ['localhost:3000', 'demo.localhost:3000', false],
    ['localhost:3000', 'localhost:3000', true],
    ['acme.nodus.io', 'demo.other.io', false],
    // A suffix that is not a label boundary does not match.
    ['acme.nodus.io', 'demo.xnodus.io', false],
  ])('%s → %s: %s', (from, to, expected) => {
    expect(cookieCovers(from, to)).toBe(expected)
  })
})
