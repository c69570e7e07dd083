import { messageFor } from '@domain/errors/catalogue'
import type { Schema, Upstream } from '../upstream.server'
import { ndjsonLines } from './ndjson'

/*
 * The board's data for a page's loader (PRODUCT.md §7, issue 11): one call to the upstream's board
 * data endpoint with `Accept: application/x-ndjson`, one promise per widget that settles as its
 * line arrives — so a loader can `defer()` them, the server HTML carries every widget that is
 * ready, and a slow widget never holds the others back. A promise never rejects: a widget the
 * upstream could not answer (the stream broke, the board went away) settles to an error result.
 */

export type WidgetResult = Schema<'WidgetData'>

/** An error result, the way the upstream writes one for a widget it cannot compute. */
export const widgetError = (code: string, type = 'unknown'): WidgetResult => ({
  type,
  error: { type: code, msg: messageFor(code) },
})

interface Pending {
  promise: Promise<WidgetResult>
  resolve(r: WidgetResult): void
}

function pending(): Pending {
  let resolve!: (r: WidgetResult) => void
  const promise = new Promise<WidgetResult>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

/**
 * `widgetIds`: the board's widgets (from the board the loader read), or a subset to refresh (sent
 * as `widgets=`). Without them the answer is read to its end first: nothing can be deferred by a
 * widget id not yet known. 401 throws the sign-out redirect, an unreachable upstream its 502 / 504
 * (as every upstream call); any other refusal (403, 404) settles every widget to its error.
 */
export async function loadBoardData(
  api: Upstream,
  nodeId: string,
  boardId: string,
  search: URLSearchParams,
  widgetIds?: readonly string[],
): Promise<Record<string, Promise<WidgetResult>>> {
  const query = new URLSearchParams(search)
  query.delete('widgets')
  if (widgetIds) query.set('widgets', widgetIds.join(','))
  const res = await api.stream('/api/boards/{nodeId}/{boardId}/data', {
    path: { nodeId, boardId },
    search: query,
    accept: 'application/x-ndjson',
  })
  const slots = new Map<string, Pending>((widgetIds ?? []).map((id) => [id, pending()]))
  const settle = (id: string, r: WidgetResult) => {
    let slot = slots.get(id)
    if (!slot) {
      if (widgetIds) return // not asked for
      slot = pending()
      slots.set(id, slot)
    }
    slot.resolve(r)
  }
  const finish = (code: string) => {
    for (const slot of slots.values()) slot.resolve(widgetError(code))
  }

  if (!res.ok) {
    finish(res.detail[0]?.type ?? 'server.error')
    return Object.fromEntries([...slots].map(([id, s]) => [id, s.promise]))
  }

  const reading = (async () => {
    for await (const line of ndjsonLines(res.body)) {
      let entry: (WidgetResult & { id?: unknown }) | undefined
      try {
        entry = JSON.parse(line)
      } catch {
        continue
      }
      if (!entry || typeof entry.id !== 'string') continue
      const { id, ...result } = entry
      settle(id, result as WidgetResult)
    }
  })()
  // Whatever the stream did not answer (it broke, or the widget was not on the board) settles too;
  // resolving an already settled promise changes nothing.
  const done = reading.then(
    () => finish('widgets.widget_not_found'),
    () => finish('request.upstream_unavailable'),
  )
  if (!widgetIds) await done
  return Object.fromEntries([...slots].map(([id, s]) => [id, s.promise]))
}
