import { describe, expect, it } from 'vitest'
import { ttlCache } from './ttl-cache.server'

describe('ttlCache', () => {
  it('loads once per key within the TTL; concurrent callers share the load', async () => {
    const cache = ttlCache<number>({ ttlMs: 1000 })
    let loads = 0
    const load = async () => ++loads
    expect(await Promise.all([cache.get('a', load, 0), cache.get('a', load, 0)])).toEqual([1, 1])
    expect(await cache.get('a', load, 999)).toBe(1)
    expect(await cache.get('b', load, 0)).toBe(2)
    expect(await cache.get('a', load, 1000)).toBe(3)
  })

  it('gives the stale value to the next load', async () => {
    const cache = ttlCache<string>({ ttlMs: 10 })
    await cache.get('k', async () => 'v1', 0)
    expect(await cache.get('k', async (stale) => `${stale}+v2`, 20)).toBe('v1+v2')
  })

  it('keeps neither failures nor refused values', async () => {
    const cache = ttlCache<number>({ ttlMs: 1000, keep: (v) => v > 0 })
    await expect(cache.get('k', async () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down')
    expect(await cache.get('k', async () => -1, 0)).toBe(-1)
    expect(await cache.get('k', async () => 5, 0)).toBe(5)
    expect(await cache.get('k', async () => 6, 1)).toBe(5)
  })

  it('stays within its bound, dropping the oldest', async () => {
    const cache = ttlCache<number>({ ttlMs: 1000, max: 2 })
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => 1, 0)
    // 'a' was dropped for 'c': asking for it loads again.
    expect(await cache.get('a', async () => 2, 0)).toBe(2)
  })
})
