import type { Caller } from '../processes'

/** One answered (or failed) call of a load loop. */
export interface Outcome {
  what: string
  status: number | 'error'
  /** The catalogue code of an error answer, or the network error's message. */
  code?: string
  retryAfter?: string | null
  id?: string
  startedAt: number
  ms: number
}

/**
 * `workers` loops calling `step` one call after another until stop() is called; every outcome is
 * kept. A network error (a reset, a refused connection) is an outcome too, never a thrown error.
 */
export function loadLoop(
  workers: number,
  step: (n: number) => { what: string; call: () => ReturnType<Caller> },
) {
  const outcomes: Outcome[] = []
  let running = true
  let n = 0
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const { what, call } = step(n++)
      const startedAt = Date.now()
      try {
        const res = await call()
        outcomes.push({
          what,
          status: res.status,
          code: res.body?.detail?.[0]?.type,
          retryAfter: res.headers.get('retry-after'),
          id: res.body?.data?.id,
          startedAt,
          ms: Date.now() - startedAt,
        })
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause
        outcomes.push({
          what,
          status: 'error',
          code: cause?.code ?? cause?.message ?? (err as Error).message,
          startedAt,
          ms: Date.now() - startedAt,
        })
        // A refused connection answers at once: do not spin.
        await new Promise((r) => setTimeout(r, 20))
      }
    }
  })
  return {
    outcomes,
    async stop() {
      running = false
      await Promise.all(loops)
      return outcomes
    },
  }
}

/** Counts by status (and code), for a readable failure message. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const t: Record<string, number> = {}
  for (const o of outcomes) {
    const k = o.code ? `${o.status} ${o.code}` : String(o.status)
    t[k] = (t[k] ?? 0) + 1
  }
  return t
}
