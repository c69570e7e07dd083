import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const get = vi.fn()
const listeners: (() => void)[] = []
vi.mock('./upstream.server', () => ({
  upstream: () => ({ get }),
  detached: (r: Request) => r,
  onNodeChange: (l: () => void) => listeners.push(l),
}))

const { ASSETS_TTL_MS, clearNodeLookCache, getNodeByDomain, getNodeLook } = await import(
  './node-assets.server'
)

const assets = (version: string, extra: Record<string, unknown> = {}) => ({
  status: 200,
  ok: true,
  data: {
    settings: {
      auth: { service_center: null },
      logo: { main: 'https://cdn.example/logo.svg' },
      locale: 'en',
    },
    css: ':root{--accent:red}',
    fonts: [],
    version,
    ...extra,
  },
})
const req = (host = 'start.localhost:3000') => new Request(`http://${host}/lk`)

beforeEach(() => {
  clearNodeLookCache()
  get.mockReset()
})
afterEach(() => vi.restoreAllMocks())

describe('getNodeLook (the per-node memory cache of GET /api/nodes/assets/{domain})', () => {
  it('derives what the pages use', async () => {
    get.mockResolvedValue(assets('3'))
    const look = await getNodeLook(req())
    expect(get).toHaveBeenCalledWith('/api/nodes/assets/{domain}', {
      path: { domain: 'start' },
      token: null,
      on401: 'return',
    })
    expect(look).toMatchObject({
      domain: 'start',
      version: '3',
      logo: { main: 'https://cdn.example/logo.svg' },
      favicon: null,
      locale: 'en',
      themeCss: ':root{--accent:red}',
      origins: { img: ['https://cdn.example'], font: [] },
    })
  })

  it('asks the upstream once per node within the TTL; concurrent requests share the call', async () => {
    get.mockResolvedValue(assets('1'))
    const t = Date.now()
    const [a, b] = await Promise.all([getNodeLook(req(), t), getNodeLook(req(), t)])
    await getNodeLook(req(), t + ASSETS_TTL_MS - 10)
    expect(get).toHaveBeenCalledTimes(1)
    expect(a).toBe(b)
    await getNodeLook(req('acme.localhost:3000'), t)
    expect(get).toHaveBeenCalledTimes(2)
  })

  it('after the TTL asks again, and keeps the same look while the version is unchanged', async () => {
    get.mockResolvedValue(assets('1'))
    const first = await getNodeLook(req(), 0)
    const again = await getNodeLook(req(), Date.now() + ASSETS_TTL_MS + 1)
    expect(get).toHaveBeenCalledTimes(2)
    expect(again).toBe(first)
    get.mockResolvedValue(assets('2', { css: ':root{--accent:blue}' }))
    const changed = await getNodeLook(req(), Date.now() + 2 * ASSETS_TTL_MS + 2)
    expect(changed).not.toBe(first)
    expect(changed?.themeCss).toBe(':root{--accent:blue}')
  })

  it('an unknown node has no look', async () => {
    get.mockResolvedValue({ status: 404, ok: false, data: undefined })
    expect(await getNodeLook(req('nope.localhost'))).toBeNull()
  })

  it('a failure is only logged: the last known look stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    get.mockResolvedValue(assets('1'))
    const known = await getNodeLook(req(), 0)
    get.mockRejectedValue(new Response(null, { status: 502 }))
    expect(await getNodeLook(req(), Date.now() + ASSETS_TTL_MS + 1)).toBe(known)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('upstream 502'))
  })

  it('ignores a locale the app does not speak', async () => {
    get.mockResolvedValue(assets('1', { settings: { logo: {}, locale: 'fr' } }))
    expect((await getNodeLook(req()))?.locale).toBeNull()
  })
})

describe("getNodeByDomain (the access check's node look-up, cached)", () => {
  it('keeps a node, and the word that there is none, for the TTL; not an error', async () => {
    get.mockResolvedValue({
      status: 200,
      ok: true,
      data: { id: 'n1', domain: 'start', settings: {} },
      detail: [],
    })
    await getNodeByDomain(req(), 'start', 0)
    await getNodeByDomain(req(), 'start', ASSETS_TTL_MS - 1)
    expect(get).toHaveBeenCalledTimes(1)
    expect(get).toHaveBeenCalledWith('/api/nodes/domain/{domain}', {
      path: { domain: 'start' },
      token: null,
      on401: 'return',
    })

    get.mockResolvedValue({ status: 404, ok: false, data: undefined, detail: [] })
    expect((await getNodeByDomain(req(), 'nope', 0)).status).toBe(404)
    await getNodeByDomain(req(), 'nope', 1)
    expect(get).toHaveBeenCalledTimes(2)

    get.mockResolvedValue({ status: 500, ok: false, data: undefined, detail: [] })
    await getNodeByDomain(req(), 'broken', 0)
    await getNodeByDomain(req(), 'broken', 1)
    expect(get).toHaveBeenCalledTimes(4)
  })
})

describe('a node change made through this process', () => {
  it('empties the caches at once', async () => {
    get.mockResolvedValue(assets('1'))
    await getNodeLook(req(), 0)
    for (const listener of listeners) listener()
    await getNodeLook(req(), 1)
    expect(get).toHaveBeenCalledTimes(2)
  })
})

describe("the theme's data: fonts (served at their own cached URLs, issue 25)", () => {
  const woff2 = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(2000, 7)])
  const dataUrl = `data:font/woff2;base64,${woff2.toString('base64')}`

  it('are not inlined: the page points at /resources/theme-font/{i}?v={hash} and preloads the first', async () => {
    get.mockResolvedValue(
      assets('4', {
        fonts: [
          { src: dataUrl, family: 'Brand', weight: '700', style: 'normal' },
          'https://cdn.example/Inter.woff2',
        ],
      }),
    )
    const look = await getNodeLook(req())
    const [served, remote] = look!.fonts
    expect(served).toMatchObject({ type: 'font/woff2', hash: expect.stringMatching(/^[0-9a-f]{16}$/) })
    expect(Buffer.from(served!.bytes).equals(woff2)).toBe(true)
    expect(remote).toBeNull()
    expect(look!.themeCss).not.toContain('data:')
    expect(look!.themeCss).toContain(
      `@font-face{font-family:"Brand";src:url("/resources/theme-font/0?v=${served!.hash}") format("woff2");font-weight:700`,
    )
    expect(look!.themeCss).toContain('url("https://cdn.example/Inter.woff2")')
    expect(look!.preloadFont).toEqual({
      href: `/resources/theme-font/0?v=${served!.hash}`,
      type: 'font/woff2',
    })
    expect(look!.origins.font).toEqual(['https://cdn.example'])
  })

  it("the hash is the file's: the same file keeps its URL when the rest of the theme changes", async () => {
    get.mockResolvedValue(assets('5', { fonts: [dataUrl] }))
    const a = await getNodeLook(req(), 0)
    get.mockResolvedValue(assets('6', { fonts: [dataUrl], css: 'body{color:red}' }))
    const b = await getNodeLook(req(), Date.now() + ASSETS_TTL_MS + 1)
    expect(b).not.toBe(a)
    expect(b!.fonts[0]!.hash).toBe(a!.fonts[0]!.hash)
    expect(b!.preloadFont).toEqual(a!.preloadFont)
  })

  it('a node without data: fonts preloads nothing', async () => {
    get.mockResolvedValue(assets('7'))
    expect(await getNodeLook(req())).toMatchObject({ fonts: [], preloadFont: null })
  })
})
