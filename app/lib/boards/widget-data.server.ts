import type { Access } from '~/lib/access.server'
import { readToken } from '~/lib/session.server'
import { proxyHeaders, upstreamPath, upstreamPool } from '~/lib/upstream.server'
import type { WidgetResult } from '~/widgets/types'

/**
 * One promise per widget of a board, from the board's one data call (PRODUCT.md §7), with the
 * page's `w.{id}.{param}` parameters. Interim: the whole JSON answer, until the NDJSON loader
 * (app/lib/boards/board-data.server.ts, each widget as it is ready) lands.
 */
export function boardWidgetData(
  request: Request,
  access: Access,
  boardId: string,
  search: URLSearchParams,
  widgetIds?: readonly string[],
): Promise<Record<string, WidgetResult>> {
  const query = new URLSearchParams()
  for (const [k, v] of search) if (k.startsWith('w.')) query.append(k, v)
  if (widgetIds) query.set('widgets', widgetIds.join(','))
  const token = readToken(request)
  const headers: Record<string, string> = { accept: 'application/json', ...proxyHeaders(request) }
  if (token) headers.authorization = `Bearer ${token}`
  const path = `/api/boards/${encodeURIComponent(access.node.id)}/${encodeURIComponent(boardId)}/data?${query}`
  return upstreamPool()
    .request({ method: 'GET', path: upstreamPath(path), headers, signal: request.signal })
    .then(async (res) => {
      const json = (await res.body.json().catch(() => null)) as { data?: Record<string, WidgetResult> } | null
      return res.statusCode === 200 ? (json?.data ?? {}) : {}
    })
}

/** One promise per widget, for the page's <Await>s. */
export function perWidget(
  all: Promise<Record<string, WidgetResult>>,
  ids: readonly string[],
): Record<string, Promise<WidgetResult>> {
  const out: Record<string, Promise<WidgetResult>> = {}
  for (const id of ids)
    out[id] = all.then((d) => d[id] ?? { type: 'unknown', error: { type: 'board.widget_failed' } })
  return out
}
