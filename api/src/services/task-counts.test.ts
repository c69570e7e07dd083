import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cachedTotal, forgetTaskReads } from './task-counts'

/*
 * A query's total is kept a moment per node and query; past that moment it is still answered
 * while one count replaces it, and a write of the node makes the next ask wait for a fresh count.
 */

describe('kept totals', () => {
  let counted = 0
  const count = () => Promise.resolve(++counted)
  const node = () => `node-${Math.random()}`

  beforeEach(() => {
    counted = 0
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(() => vi.useRealTimers())

  it('answers the kept total within 2 s, then the old one once while one count replaces it', async () => {
    const n = node()
    expect(await cachedTotal(n, 'q', count)).toBe(1)
    vi.advanceTimersByTime(1_000)
    expect(await cachedTotal(n, 'q', count)).toBe(1)
    vi.advanceTimersByTime(1_500)
    const asks = await Promise.all([cachedTotal(n, 'q', count), cachedTotal(n, 'q', count)])
    expect(asks).toEqual([1, 1])
    expect(counted).toBe(2)
    expect(await cachedTotal(n, 'q', count)).toBe(2)
    expect(counted).toBe(2)
  })

  it('waits for a fresh count after a write of the node, or when the kept one is long past', async () => {
    const n = node()
    expect(await cachedTotal(n, 'q', count)).toBe(1)
    forgetTaskReads(n)
    expect(await cachedTotal(n, 'q', count)).toBe(2)
    vi.advanceTimersByTime(11_000)
    expect(await cachedTotal(n, 'q', count)).toBe(3)
  })

  it('keeps answering the old total when its replacement fails', async () => {
    const n = node()
    expect(await cachedTotal(n, 'q', count)).toBe(1)
    vi.advanceTimersByTime(2_500)
    expect(await cachedTotal(n, 'q', () => Promise.reject(new Error('database away')))).toBe(1)
    await Promise.resolve()
    expect(await cachedTotal(n, 'q', count)).toBe(1)
    expect(await cachedTotal(n, 'q', count)).toBe(2)
  })
})
