import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'
import { CardModal } from './card-modal'
import { useCard, useReturnFocus } from './use-card'

/**
 * The card modal's client API (map and schedule widgets): `useCardModal()?.open(widgetId, taskId,
 * returnFocusTo?)`. The board page provides it; where nothing does (no JavaScript yet, another
 * page), `useCardModal()` is null and a widget's task stays a plain link to its card (CardLink).
 */
export interface CardModalApi {
  /** Shows the task as the widget's card modal; focus goes back to `returnFocusTo` (else the focused element) on close. */
  open(widgetId: string, taskId: string, returnFocusTo?: HTMLElement | null): void
}

const CardModalContext = createContext<CardModalApi | null>(null)

export const useCardModal = () => useContext(CardModalContext)

export function CardModalProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<{ widgetId: string; taskId: string } | null>(null)
  const state = useCard(target)
  const focus = useReturnFocus()
  const { remember, restore } = focus
  const open = useCallback(
    (widgetId: string, taskId: string, returnFocusTo?: HTMLElement | null) => {
      remember(returnFocusTo)
      setTarget({ widgetId, taskId })
    },
    [remember],
  )
  const close = useCallback(() => {
    setTarget(null)
    restore()
  }, [restore])
  const api = useMemo(() => ({ open }), [open])
  return (
    <CardModalContext.Provider value={api}>
      {children}
      {target ? <CardModal state={state} onClose={close} /> : null}
    </CardModalContext.Provider>
  )
}
