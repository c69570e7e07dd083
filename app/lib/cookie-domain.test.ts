import { describe, expect, it } from 'vitest'
import { cookieDomain, hostName, isIpAddress } from './cookie-domain'

describe('cookieDomain (spec §9)', () => {
  it.each([
    ['localhost', undefined],
    ['localhost:3000', undefined],
    ['intranet', undefined],
  ])('a single-label host %s gets no Domain attribute', (host, expected) => {
    expect(cookieDomain(host)).toBe(expected)
  })

  it.each([
    ['start.localhost', '.start.localhost'],
    ['start.localhost:3100', '.start.localhost'],
    ['example.com', '.example.com'],
    ['Example.COM.', '.example.com'],
  ])('a two-label host %s keeps the whole host with a leading dot', (host, expected) => {
    expect(cookieDomain(host)).toBe(expected)
  })

  it.each([
    ['acme.nodus.io', '.nodus.io'],
    ['acme.nodus.io:8443', '.nodus.io'],
    ['start.tasks.example.com', '.tasks.example.com'],
  ])('a host with three or more labels %s drops the first label', (host, expected) => {
    expect(cookieDomain(host)).toBe(expected)
  })

  it.each(['127.0.0.1', '127.0.0.1:3100', '10.1.2.3', '[::1]:3000', '[2001:db8::1]', '::1'])(
    'an IP address %s gets no Domain attribute',
    (host) => {
      expect(isIpAddress(host)).toBe(true)
      expect(cookieDomain(host)).toBeUndefined()
    },
  )
})

describe('hostName', () => {
  it('drops the port and brackets and lower-cases', () => {
    expect(hostName('Start.LocalHost:3100')).toBe('start.localhost')
    expect(hostName('[::1]:80')).toBe('::1')
    expect(hostName('2001:db8::1')).toBe('2001:db8::1')
  })
})
