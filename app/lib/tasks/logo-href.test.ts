import { describe, expect, it } from 'vitest'
import { logoHref } from './tasks.server'

describe('logoHref (spec §3 attachment user.logo)', () => {
  it('keeps http(s) addresses and the /api forwarding', () => {
    expect(logoHref('https://cdn.example/u/1.png')).toBe('https://cdn.example/u/1.png')
    expect(logoHref('/api/users/1/logo')).toBe('/api/users/1/logo')
  })
  it('is no logo for anything a page must not load', () => {
    for (const bad of [null, undefined, '', 'javascript:alert(1)', 'data:image/png;base64,AA', '/etc/passwd'])
      expect(logoHref(bad)).toBeNull()
  })
})
