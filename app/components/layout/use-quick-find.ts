import { useCallback, useEffect, useRef, useState } from 'react'
import { cleanText, type QuickFindAnswer } from '~/lib/quick-find'
import { routes } from '~/lib/routes'
import { SEARCH_DEBOUNCE_MS } from '../ui/search-field'

interface QuickFindState {
  /** The latest answer that came: for the text as it now reads, or (while the next is on its way) earlier text. */
  answer: QuickFindAnswer | null
  /** A request for the text as it now reads is on its way (or waits for typing to pause). */
  loading: boolean
  /** The last request failed (the network, the upstream). */
  failed: boolean
}

const IDLE: QuickFindState = { answer: null, loading: false, failed: false }

/**
 * The quick find's matches for what is typed: asked for once typing pauses (spec §9's debounce),
 * each new request cancelling the one before it, so a slow answer to old text never replaces a
 * newer one. `now(text)` asks at once (Enter before the pause), sharing a request already made for
 * that text.
 */
export function useQuickFind(text: string) {
  const clean = cleanText(text)
  const [state, setState] = useState<QuickFindState>(IDLE)
  const inFlight = useRef<{
    text: string
    controller: AbortController
    done: Promise<QuickFindAnswer | null>
  }>()

  const load = useCallback((wanted: string): Promise<QuickFindAnswer | null> => {
    if (inFlight.current?.text === wanted) return inFlight.current.done
    inFlight.current?.controller.abort()
    const controller = new AbortController()
    const done = fetch(routes.quickFindMatches(wanted), {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (res) => (res.ok ? ((await res.json()) as QuickFindAnswer) : null))
      .catch(() => null)
    inFlight.current = { text: wanted, controller, done }
    done.then((answer) => {
      if (controller.signal.aborted) return
      setState({ answer, loading: false, failed: answer === null })
    })
    return done
  }, [])

  useEffect(() => {
    if (!clean) {
      inFlight.current?.controller.abort()
      inFlight.current = undefined
      setState(IDLE)
      return
    }
    setState((s) => (s.answer?.text === clean ? s : { ...s, loading: true, failed: false }))
    const timer = setTimeout(() => void load(clean), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [clean, load])

  useEffect(() => () => inFlight.current?.controller.abort(), [])

  const fresh = state.answer !== null && state.answer.text === clean
  return {
    ...state,
    /** The answer is for the text as it now reads (not an earlier text's, still shown meanwhile). */
    fresh,
    /** The answer for the text as it now reads, asked for at once if it has not come yet. */
    now: () => (fresh ? Promise.resolve(state.answer) : load(clean)),
  }
}
