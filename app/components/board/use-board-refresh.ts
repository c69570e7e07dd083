import { widgetParamsKey } from '@domain/widgets/params'
import { useFetcher, useLocation, useRevalidator } from '@remix-run/react'
import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { useLive, useLiveStatus } from '~/lib/live/use-live'
import { type AnswerLog, logAnswer } from '~/widgets/merge'
import { type BoardDataAnswer, boardDataUrl, REFRESH_MS } from './board-data'

/**
 * A board's widgets kept current (spec §9, PRODUCT.md §7 "Live"). The tab's live stream says which
 * widgets' data changed and only those are fetched again, with the parameters the URL holds (a
 * page or a filter is never lost). When the stream cannot be opened, the spec's fallback: every
 * widget reloads every 10 s and when the window gets the focus back, not while the tab is hidden.
 * Each answer replaces its widgets' data in place, the newest winning: nothing moves, nothing
 * scrolls. An administrator's change of the board or of a widget on it (a `board` frame) reloads the
 * board's page data: name, menus, layout, widgets and their settings. `answerOf(id)` is one
 * widget's newest refreshed data.
 */
export function useBoardRefresh(boardId: string, enabled: boolean, widgetIds: readonly string[]) {
  const all = useFetcher<BoardDataAnswer>({ key: `board:${boardId}` })
  const some = useFetcher<BoardDataAnswer>({ key: `board-live:${boardId}` })
  const location = useLocation()
  const search = useRef(location.search)
  search.current = location.search
  const state = useRef({ all: all.state, some: some.state })
  state.current = { all: all.state, some: some.state }
  const loadAll = all.load
  const loadSome = some.load
  const shown = useRef(new Set(widgetIds))
  shown.current = new Set(widgetIds)
  /** Widgets to fetch again: the kanban columns to read, or null for the whole widget. */
  const waiting = useRef(new Map<string, Set<string> | null>())

  // The query string each call was made with: an answer for a widget whose page, filter or day has
  // changed since is dropped (the widget's own fetch for the new ones answers instead).
  const askedWith = useRef({ all: '', some: '' })

  const refresh = useCallback(() => {
    if (document.visibilityState === 'hidden' || state.current.all !== 'idle') return
    askedWith.current.all = search.current
    loadAll(boardDataUrl(boardId, new URLSearchParams(search.current)))
  }, [boardId, loadAll])

  /** The widgets the stream named, fetched now, or as soon as the previous such fetch is back. */
  const flush = useCallback(() => {
    if (waiting.current.size === 0 || state.current.some !== 'idle') return
    const ids = [...waiting.current.keys()]
    const only = [...waiting.current].flatMap(([id, cols]) => (cols ? [[id, [...cols]] as const] : []))
    waiting.current.clear()
    askedWith.current.some = search.current
    const url = boardDataUrl(boardId, new URLSearchParams(search.current), ids)
    loadSome(only.length ? withColumns(url, only) : url)
  }, [boardId, loadSome])
  useEffect(() => {
    if (some.state === 'idle') flush()
  }, [some.state, flush])

  const status = useLiveStatus()
  const revalidator = useRevalidator()
  const revalidate = revalidator.revalidate
  useLive(enabled ? { boards: [boardId] } : null, {
    widget: (f) => {
      for (const id of f.widgets) {
        if (!shown.current.has(id)) continue
        const had = waiting.current.get(id)
        const cols = f.columns?.[id]
        // A whole refetch already waiting, or asked now, wins over columns.
        if (had === null || !cols) waiting.current.set(id, null)
        else waiting.current.set(id, new Set([...(had ?? []), ...cols]))
      }
      flush()
    },
    board: (f) => {
      if (f.boards.includes(boardId)) revalidate()
    },
    reload: refresh,
  })

  const fallback = enabled && status === 'failed'
  useEffect(() => {
    if (!fallback) return
    const timer = window.setInterval(refresh, REFRESH_MS)
    const onFocus = () => refresh()
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh()
    }
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [fallback, refresh])

  // Each widget's answers, whichever call brought them, in the order they were asked (merge.ts):
  // a kanban's refetch of some columns goes over the whole answer before it, never under.
  const [latest, setLatest] = useState<Record<string, AnswerLog>>({})
  useEffect(() => {
    const now = new URLSearchParams(search.current)
    for (const [answer, asked] of [
      [all.data, askedWith.current.all],
      [some.data, askedWith.current.some],
    ] as const) {
      if (!answer) continue
      const then = new URLSearchParams(asked)
      startTransition(() =>
        setLatest((prev) => {
          let next = prev
          for (const [id, result] of Object.entries(answer.data)) {
            if (widgetParamsKey(then, id) !== widgetParamsKey(now, id)) continue
            const log = logAnswer(prev[id] ?? [], answer.at, result)
            if (log === prev[id]) continue
            if (next === prev) next = { ...prev }
            next[id] = log
          }
          return next
        }),
      )
    }
  }, [all.data, some.data])
  const answerOf = useCallback((id: string): AnswerLog | undefined => latest[id], [latest])

  return { answerOf, refresh, live: status === 'live' }
}

/** The board data URL asking some kanbans for the columns the stream named (`w.{id}.only`). */
function withColumns(url: string, only: (readonly [string, readonly string[]])[]): string {
  const u = new URL(url, 'http://x')
  for (const [id, cols] of only) u.searchParams.set(`w.${id}.only`, cols.join(','))
  return `${u.pathname}${u.search}`
}
