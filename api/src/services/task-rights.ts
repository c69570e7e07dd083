import type { ProcessScope } from './task-access'

/*
 * What the task queries (RQL, bulk edit) add to the tasks area's rights (task-access.ts, the one
 * place that turns rights into processes): two scopes at once.
 */

/** Both scopes at once: what is in `a` and in `b`. */
export function intersect(a: ProcessScope, b: ProcessScope): ProcessScope {
  if (a === 'all') return b
  if (b === 'all') return a
  const inB = new Set(b)
  return a.filter((id) => inB.has(id))
}
