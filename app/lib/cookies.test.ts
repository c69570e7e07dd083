import { describe, expect, it } from 'vitest'
import { isSecureRequest, readCookie, serializeCookie } from './cookies'

describe('cookies', () => {
  it('reads one cookie from a header', () => {
    expect(readCookie('a=1; _token=abc.def-ghi; b=2', '_token')).toBe('abc.def-ghi')
    expect(readCookie('x_token=1', '_token')).toBeNull()
    expect(readCookie(null, '_token')).toBeNull()
    expect(readCookie('_token="q%20r"', '_token')).toBe('q r')
  })

  it('serialises the attributes', () => {
    expect(
      serializeCookie('_token', 'abc', {
        domain: '.start.localhost',
        maxAge: 60.7,
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
      }),
    ).toBe('_token=abc; Path=/; Domain=.start.localhost; Max-Age=60; HttpOnly; Secure; SameSite=Lax')
    expect(serializeCookie('_token', '', { maxAge: -5 })).toBe('_token=; Path=/; Max-Age=0')
  })

  it('knows an https request', () => {
    expect(isSecureRequest(new Request('https://a.b/'))).toBe(true)
    expect(isSecureRequest(new Request('http://a.b/'))).toBe(false)
    expect(isSecureRequest(new Request('http://a.b/', { headers: { 'x-forwarded-proto': 'https' } }))).toBe(
      true,
    )
  })
})
