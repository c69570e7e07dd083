import { describe, expect, it, vi } from 'vitest'
import type { ThemeAssets } from './node-theme'
import { memoryStorage, syncTheme, type ThemeStorage } from './theme-cache.client'

const v1: ThemeAssets = { version: '1', css: ':root{--accent:red}', fonts: [] }
const v2: ThemeAssets = { version: '2', css: ':root{--accent:blue}', fonts: ['/fonts/Inter.woff2'] }

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {})

describe('syncTheme (spec §4: load from the cache first, refresh when the version differs)', () => {
  it('uses the cached theme while its version is current, without asking the network', async () => {
    const fetchTheme = vi.fn(async () => v2)
    const result = await syncTheme(memoryStorage({ start: v1 }), 'start', '1', fetchTheme)
    expect(result).toEqual({ theme: v1, source: 'cache' })
    expect(fetchTheme).not.toHaveBeenCalled()
  })

  it('refreshes and stores when the version differs', async () => {
    const storage = memoryStorage({ start: v1 })
    const result = await syncTheme(storage, 'start', '2', async () => v2)
    expect(result).toEqual({ theme: v2, source: 'network' })
    expect(await storage.get('start')).toEqual(v2)
  })

  it('fetches and stores on an empty cache', async () => {
    const storage = memoryStorage()
    expect(await syncTheme(storage, 'start', '1', async () => v1)).toEqual({ theme: v1, source: 'network' })
    expect(await storage.get('start')).toEqual(v1)
  })

  it('keeps one entry per node', async () => {
    const storage = memoryStorage({ start: v1 })
    await syncTheme(storage, 'acme', '2', async () => v2)
    expect(await storage.get('start')).toEqual(v1)
    expect(await storage.get('acme')).toEqual(v2)
  })

  it('with no version from the server, tries the network and falls back to the cache', async () => {
    quiet()
    const storage = memoryStorage({ start: v1 })
    const result = await syncTheme(storage, 'start', null, async () => {
      throw new Error('offline')
    })
    expect(result).toEqual({ theme: v1, source: 'cache' })
  })

  it('a stale cache still serves when the refresh fails (theme failures are only logged)', async () => {
    const warn = quiet()
    const result = await syncTheme(memoryStorage({ start: v1 }), 'start', '2', async () => {
      throw new Error('503')
    })
    expect(result).toEqual({ theme: v1, source: 'cache' })
    expect(warn).toHaveBeenCalled()
  })

  it('nothing cached and nothing fetched: no theme', async () => {
    quiet()
    const result = await syncTheme(memoryStorage(), 'start', '1', async () => {
      throw new Error('503')
    })
    expect(result).toEqual({ theme: null, source: 'none' })
  })

  it('works without a usable cache (IndexedDB refused): the network answer is used', async () => {
    quiet()
    const broken: ThemeStorage = {
      get: async () => {
        throw new Error('SecurityError')
      },
      put: async () => {
        throw new Error('SecurityError')
      },
    }
    expect(await syncTheme(broken, 'start', '2', async () => v2)).toEqual({ theme: v2, source: 'network' })
  })
})
