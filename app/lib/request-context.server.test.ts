import { describe, expect, it } from 'vitest'
import {
  decideClientAddress,
  firstForwarded,
  isTrustedProxy,
  normaliseAddress,
} from './request-context.server'

describe('client address', () => {
  it('normalises IPv4-mapped IPv6', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(normaliseAddress('::1')).toBe('::1')
  })

  it('knows private and loopback peers', () => {
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      'fd00::1',
      '::ffff:10.1.1.1',
    ])
      expect(isTrustedProxy(a)).toBe(true)
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:db8::1']) expect(isTrustedProxy(a)).toBe(false)
  })

  it('takes the first forwarded address only when it is an IP', () => {
    expect(firstForwarded('203.0.113.7, 10.0.0.1')).toBe('203.0.113.7')
    expect(firstForwarded('not-an-ip')).toBeNull()
    expect(firstForwarded(null)).toBeNull()
  })

  it('believes X-Forwarded-For only from a private peer', () => {
    expect(decideClientAddress('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
    expect(decideClientAddress('198.51.100.1', '203.0.113.7')).toBe('198.51.100.1')
    expect(decideClientAddress('::ffff:127.0.0.1', null)).toBe('127.0.0.1')
    expect(decideClientAddress(undefined, '203.0.113.7')).toBe('203.0.113.7')
    expect(decideClientAddress(undefined, null)).toBeNull()
  })
})

describe('request id', () => {
  it('keeps a sane incoming id and refuses odd ones', async () => {
    const { cleanRequestId, requestId } = await import('./request-context.server')
    expect(cleanRequestId('abc-123')).toBe('abc-123')
    expect(cleanRequestId('a b')).toBeNull()
    expect(cleanRequestId('x'.repeat(129))).toBeNull()
    expect(requestId(new Request('http://x/', { headers: { 'x-request-id': 'e2e-1' } }))).toBe('e2e-1')
    expect(requestId(new Request('http://x/'))).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('perRequest', () => {
  it('shares the work of one GET request between its loaders', async () => {
    const { perRequest, runInRequestContext } = await import('./request-context.server')
    let calls = 0
    const work = async () => ++calls
    await runInRequestContext(async () => {
      const get = () => new Request('http://x/lk')
      expect(await Promise.all([perRequest(get(), 'k', work), perRequest(get(), 'k', work)])).toEqual([1, 1])
      expect(await perRequest(get(), 'other', work)).toBe(2)
      // An action's POST is never shared.
      expect(await perRequest(new Request('http://x/lk', { method: 'POST' }), 'k', work)).toBe(3)
    })
    // Another request starts afresh; outside any request, nothing is shared.
    await runInRequestContext(async () =>
      expect(await perRequest(new Request('http://x/'), 'k', work)).toBe(4),
    )
    expect(await perRequest(new Request('http://x/'), 'k', work)).toBe(5)
  })
})
