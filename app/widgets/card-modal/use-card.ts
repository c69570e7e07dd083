import { useCallback, useEffect, useRef, useState } from 'react'
import { routes } from '~/lib/routes'
import type { CardAnswer } from './card-view'

/** One task's card modal data: loading, the card, or why there is none (a catalogue code). */
export type CardState = { state: 'loading' } | { state: 'ready'; answer: CardAnswer }

/**
 * Reads the web resource for one widget's task (the newest request wins; one left behind is
 * aborted). A failed network read is `server.error`, shown as such.
 */
export function useCard(target: { widgetId: string; taskId: string } | null): CardState {
  const [state, setState] = useState<CardState>({ state: 'loading' })
  const widgetId = target?.widgetId
  const taskId = target?.taskId
  useEffect(() => {
    if (!widgetId || !taskId) return
    const abort = new AbortController()
    setState({ state: 'loading' })
    fetch(routes.widgetCard(widgetId, taskId), {
      signal: abort.signal,
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as CardAnswer | null
        return body && (body.card || body.error) ? body : { error: 'server.error' }
      })
      .catch(() => ({ error: 'server.error' }) as CardAnswer)
      .then((answer) => {
        if (!abort.signal.aborted) setState({ state: 'ready', answer })
      })
    return () => abort.abort()
  }, [widgetId, taskId])
  return state
}

/** Remembers the element to give focus back to when the modal closes (a canvas marker has none). */
export function useReturnFocus() {
  const to = useRef<HTMLElement | null>(null)
  const remember = useCallback((el: HTMLElement | null | undefined) => {
    to.current =
      el ?? (typeof document !== 'undefined' ? (document.activeElement as HTMLElement | null) : null)
  }, [])
  const restore = useCallback(() => {
    const el = to.current
    to.current = null
    if (el?.isConnected) window.requestAnimationFrame(() => el.focus({ preventScroll: true }))
  }, [])
  return { remember, restore }
}
