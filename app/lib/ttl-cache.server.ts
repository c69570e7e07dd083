/**
 * A small per-process cache for public look-ups that every page makes (a node by its domain, its
 * look): a value is trusted for `ttlMs`, concurrent callers of a missing or stale key share one
 * load, and the map is bounded (hosts are chosen by the caller: made-up names must not grow it).
 * A load that throws, or whose result `keep` refuses, is not stored.
 */
export function ttlCache<T>(options: { ttlMs: number; max?: number; keep?: (value: T) => boolean }) {
  const { ttlMs, max = 1_000, keep = () => true } = options
  const entries = new Map<string, { at: number; value: T }>()
  const loading = new Map<string, Promise<T>>()

  function remember(key: string, value: T, at: number) {
    entries.delete(key)
    entries.set(key, { at, value })
    if (entries.size > max) entries.delete(entries.keys().next().value!)
  }

  return {
    /** The fresh value of `key`, or what `load` (given the stale value, if any) returns now. */
    get(key: string, load: (stale: T | undefined) => Promise<T>, now = Date.now()): Promise<T> {
      const entry = entries.get(key)
      if (entry && now - entry.at < ttlMs) return Promise.resolve(entry.value)
      const pending = loading.get(key)
      if (pending) return pending
      const started = load(entry?.value)
        .then((value) => {
          if (keep(value)) remember(key, value, now)
          return value
        })
        .finally(() => loading.delete(key))
      loading.set(key, started)
      return started
    },
    clear() {
      entries.clear()
      loading.clear()
    },
  }
}
