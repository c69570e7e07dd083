import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, mergeCspSources, routeCspSources } from './csp.server'

const directives = (csp: string) =>
  Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

describe('contentSecurityPolicy', () => {
  it('lets scripts and style elements run only with the nonce; style attributes stay allowed', () => {
    const d = directives(contentSecurityPolicy('abc'))
    expect(d['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"])
    expect(d['style-src-elem']).toEqual(["'self'", "'nonce-abc'"])
    expect(d['style-src-attr']).toEqual(["'unsafe-inline'"])
    expect(d['frame-ancestors']).toEqual(["'none'"])
    expect(d['worker-src']).toEqual(["'self'", 'blob:'])
  })

  it("adds the node's logo and font origins", () => {
    const d = directives(
      contentSecurityPolicy('abc', false, { img: ['https://cdn.example'], font: ['https://fonts.example'] }),
    )
    expect(d['img-src']).toContain('https://cdn.example')
    expect(d['font-src']).toContain('https://fonts.example')
    expect(d['img-src']).not.toContain('https://fonts.example')
  })
})

describe("a page's own sources", () => {
  it("merges the node's origins with what the rendered routes' loaders name, once each", () => {
    const routes = routeCspSources({
      root: { user: 'x' },
      'routes/lk+/_index': { csp: { connect: ['https://tiles.example'], img: ['https://tiles.example'] } },
      'routes/other': null,
    })
    const d = directives(
      contentSecurityPolicy(
        'abc',
        false,
        mergeCspSources({ img: ['https://cdn.example'], font: [] }, ...routes),
      ),
    )
    expect(d['connect-src']).toEqual(["'self'", 'https://tiles.example'])
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example', 'https://tiles.example'])
  })

  it('allows only our own origin to be fetched when nothing is named', () => {
    expect(directives(contentSecurityPolicy('abc'))['connect-src']).toEqual(["'self'"])
  })
})
