import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT, safePath, safeRedirect } from './redirect-to'

describe('safeRedirect', () => {
  it.each(['/lk', '/lk?x', '/lk?x=1&y=2', '/lk/t/ABC/ABC-1', '/admin/users#top', '/errors/page-not-found'])(
    'keeps a same-site path %s',
    (to) => {
      expect(safeRedirect(to)).toBe(to)
    },
  )

  it.each([
    null,
    undefined,
    '',
    'lk',
    'https://evil.example/lk',
    '//evil.example/lk',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/lk\nSet-Cookie: a=b',
    '/lk\u0000',
    ` /lk`,
    '/auth/login',
    '/auth/logout?redirectTo=/lk',
    '/auth',
    `/${'a'.repeat(3000)}`,
  ])('refuses %j and falls back to /lk', (to) => {
    expect(safeRedirect(to)).toBe(DEFAULT_REDIRECT)
  })

  it('falls back to the given default', () => {
    expect(safeRedirect('//x', '/errors/page-not-found')).toBe('/errors/page-not-found')
  })

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirect('/lk/../admin')).toBe('/admin')
    expect(safeRedirect('/../../etc/passwd')).toBe('/etc/passwd')
  })

  it('safePath allows the sign-in pages (going back after a language switch) but not other sites', () => {
    expect(safePath('/auth/login?redirectTo=%2Flk')).toBe('/auth/login?redirectTo=%2Flk')
    expect(safePath('//evil.example')).toBe('/')
    expect(safePath('https://evil.example', '/lk')).toBe('/lk')
  })
})
