import type { WidgetResult } from '~/widgets/types'

/** What the board's data route answers (app/routes/lk+/b.$board_.data.ts): results by widget id. */
export interface BoardDataAnswer {
  /** When the server asked the upstream (ms): the newest answer for a widget wins. */
  at: number
  data: Record<string, WidgetResult>
}

/** The board's data route with the widgets asked for and their parameters. */
export function boardDataUrl(
  boardId: string,
  search: URLSearchParams,
  widgetIds?: readonly string[],
): string {
  const params = new URLSearchParams()
  for (const [key, value] of search) {
    if (!key.startsWith('w.')) continue
    if (widgetIds && !widgetIds.some((id) => key.startsWith(`w.${id}.`))) continue
    params.append(key, value)
  }
  if (widgetIds) params.set('widgets', widgetIds.join(','))
  const qs = params.toString()
  return `/lk/b/${encodeURIComponent(boardId)}/data${qs ? `?${qs}` : ''}`
}

/** Spec §9: every widget reloads its data this often (the live push replaces it later). */
export const REFRESH_MS = 10_000
