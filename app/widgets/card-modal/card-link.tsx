import type { CSSProperties, MouseEvent, ReactNode } from 'react'
import { routes } from '~/lib/routes'
import { useCardModal } from './card-modal-provider'

interface CardLinkProps {
  widgetId: string
  task: { id: string; key: string; process_key: string }
  className?: string
  style?: CSSProperties
  title?: string
  children: ReactNode
  'data-testid'?: string
}

/**
 * A widget's task: a plain link to its card (spec §2: without JavaScript the modal's button is a
 * link to the card); with the board's card modal at hand, a plain click opens the modal instead.
 */
export function CardLink({ widgetId, task, children, ...rest }: CardLinkProps) {
  const modal = useCardModal()
  const onClick = modal
    ? (e: MouseEvent<HTMLAnchorElement>) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
        e.preventDefault()
        modal.open(widgetId, task.id, e.currentTarget)
      }
    : undefined
  return (
    <a href={routes.TaskCard(task.process_key, task.key)} onClick={onClick} {...rest}>
      {children}
    </a>
  )
}
