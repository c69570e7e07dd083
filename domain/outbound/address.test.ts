import { describe, expect, it } from 'vitest'
import { hostOfSetting, hostOfUrl, isPlainlyPrivateHost, isPrivateAddress, parseIPv6 } from './address'

describe('isPrivateAddress: only public unicast may be called (ADR 027)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.3.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.0.8',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '::',
    '::1',
    '[::1]',
    'fd00::1',
    'fc12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:127.0.0.1',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::1',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::',
    '2001:db8::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '100::1',
    'localhost',
    'not an address',
    '',
    '1.2.3',
    '1.2.3.256',
    '1::2::3',
  ])('%s is refused', (ip) => expect(isPrivateAddress(ip)).toBe(true))

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '100.128.0.1',
    '172.32.0.1',
    '169.255.0.1',
    '2606:2800:220:1::248',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is allowed', (ip) => expect(isPrivateAddress(ip)).toBe(false))

  it('reads IPv6 in every written form', () => {
    expect(parseIPv6('::1')).toEqual([...Array(15).fill(0), 1])
    expect(parseIPv6('1:2:3:4:5:6:7:8')?.length).toBe(16)
    expect(parseIPv6('1:2:3:4:5:6:7')).toBeNull()
    expect(parseIPv6('1:2:3:4:5:6:7:8:9')).toBeNull()
    expect(parseIPv6('::ffff:1.2.3.4')?.slice(12)).toEqual([1, 2, 3, 4])
    expect(parseIPv6('12345::')).toBeNull()
  })
})

describe('hosts as saved', () => {
  it('normalises URL hosts as the WHATWG parser does, so numeric tricks are literals', () => {
    expect(hostOfUrl('http://2130706433/x')).toBe('127.0.0.1')
    expect(hostOfUrl('http://0x7f.1/')).toBe('127.0.0.1')
    expect(hostOfUrl('http://[::ffff:127.0.0.1]:8080/')).toBe('::ffff:7f00:1')
    expect(hostOfUrl('https://Example.COM./jwks')).toBe('example.com')
    expect(hostOfUrl('ftp://example.com/')).toBeNull()
    expect(hostOfUrl('not a url')).toBeNull()
    expect(hostOfSetting('::1')).toBe('::1')
    expect(hostOfSetting(' smtp.example.com ')).toBe('smtp.example.com')
    expect(hostOfSetting('017700000001')).toBe('127.0.0.1')
  })

  it('calls local names and one-label names plainly private, public names not', () => {
    for (const host of [
      'localhost',
      'localhost.',
      'a.localhost',
      'mail.internal',
      'printer.local',
      'vm',
      'router.home.arpa',
    ])
      expect([host, isPlainlyPrivateHost(host)]).toEqual([host, true])
    for (const host of ['example.com', 'smtp.example.com.', '8.8.8.8'])
      expect([host, isPlainlyPrivateHost(host)]).toEqual([host, false])
  })
})
