import { Link } from '@remix-run/react'
import { useId } from 'react'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '../ui/button'
import { useIntentResult } from './use-intent-result'

interface ConfirmPanelProps {
  /** Where the confirmed form posts, and the `intent` it posts. */
  action: string
  intent: string
  /** Already translated. */
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  /** The dialog without the question (the address without `?confirm=`). */
  cancelHref: string
}

/**
 * The question before an action that cannot be undone (unbind, delete). Asking is a state of the
 * address (`?confirm=…`), so it works without JavaScript; the answer posts `intent` (through a
 * fetcher with JavaScript), cancelling goes back to the address without the question.
 */
export function ConfirmPanel(props: ConfirmPanelProps) {
  const { action, intent, title, text, confirmLabel, cancelLabel, cancelHref } = props
  const { fetcher, pending } = useIntentResult(intent)
  const id = useId()
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <p className="confirm-title" id={`${id}-title`}>
        {title}
      </p>
      <p className="confirm-text" id={`${id}-text`}>
        {text}
      </p>
      <fetcher.Form method="post" action={action} className="confirm-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        <Link to={cancelHref} preventScrollReset replace className="button button-secondary button-sm">
          {cancelLabel}
        </Link>
        <Button type="submit" size="sm" className="button-danger" isPending={pending} autoFocus>
          {confirmLabel}
        </Button>
      </fetcher.Form>
    </div>
  )
}
