/*
 * Bounded maps kept in order of use (a Map iterates in insertion order): the least recently used
 * entry is the first, and goes when the map grows past its bound.
 */

/** Puts `value` under `key` at the most recently used end of `map`, dropping the oldest past `bound`. */
export function keepRecent<K, V, T extends V>(map: Map<K, V>, key: K, value: T, bound: number): T {
  map.delete(key)
  map.set(key, value)
  if (map.size > bound) map.delete(map.keys().next().value!)
  return value
}

/** `map`'s value under `key`, made by `make` when there is none, moved to the most recently used end. */
export const recentOrNew = <K, V>(map: Map<K, V>, key: K, make: () => V, bound: number): V =>
  keepRecent(map, key, map.get(key) ?? make(), bound)
