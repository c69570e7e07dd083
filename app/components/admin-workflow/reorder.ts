/*
 * Moving one entry of a list, as conform's `reorder` intent takes it: the entry at `from` is taken
 * out, then put back at `to` (an index of the list without it). Drag and drop says "before" or
 * "after" another entry; the buttons say "one up", "one down".
 */

export interface Move {
  from: number
  to: number
}

/** A drop of `moved` before or after `target`, as a move; null when nothing would change. */
export function dropMove(
  keys: readonly string[],
  moved: string,
  target: string,
  position: 'before' | 'after' | 'on',
): Move | null {
  const from = keys.indexOf(moved)
  const at = keys.indexOf(target)
  if (from < 0 || at < 0 || from === at || position === 'on') return null
  // The target's index once `moved` is out of the list.
  const targetAfter = from < at ? at - 1 : at
  const to = position === 'before' ? targetAfter : targetAfter + 1
  return to === from ? null : { from, to }
}

/** One step up (-1) or down (+1); null at either end. */
export function stepMove(length: number, index: number, step: -1 | 1): Move | null {
  const to = index + step
  if (index < 0 || index >= length || to < 0 || to >= length) return null
  return { from: index, to }
}

/** The list after a move (what the server and the browser both end up holding). */
export function applyMove<T>(list: readonly T[], { from, to }: Move): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  if (item !== undefined) next.splice(to, 0, item)
  return next
}
