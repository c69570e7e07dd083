import { useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import { type BoardDataAnswer, boardDataUrl, REFRESH_MS } from './board-data'

/**
 * Spec §9 auto-reload: every widget of the board reloads its data every 10 s and when the window
 * gets the focus back, in one call for all of them, with the parameters the URL holds (a page or
 * a filter is never lost), and not while the tab is hidden. The answer replaces each widget's data
 * in place: nothing moves, nothing scrolls.
 */
export function useBoardRefresh(boardId: string, enabled: boolean) {
  const fetcher = useFetcher<BoardDataAnswer>({ key: `board:${boardId}` })
  const location = useLocation()
  const search = useRef(location.search)
  search.current = location.search
  const load = fetcher.load
  const state = useRef(fetcher.state)
  state.current = fetcher.state

  const refresh = useCallback(() => {
    if (document.visibilityState === 'hidden' || state.current !== 'idle') return
    load(boardDataUrl(boardId, new URLSearchParams(search.current)))
  }, [boardId, load])

  useEffect(() => {
    if (!enabled) return
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
  }, [enabled, refresh])

  return { answer: fetcher.data, refresh }
}
