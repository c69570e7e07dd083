import { Link } from '@remix-run/react'
import { TrashIcon } from '../ui/icons'
import { ConfirmPanel } from './confirm-panel'

interface DeleteSectionProps {
  /** Where the dialog's forms post; the delete posts `intent=delete`. */
  action: string
  /** Is the address asking (`?confirm=delete`)? */
  confirming: boolean
  confirmHref: string
  cancelHref: string
  /** Already translated. */
  labels: { hint: string; delete: string; title: string; text: string; cancel: string }
}

/**
 * The end of an Editing dialog: a Delete link that asks first (the question is a state of the
 * address, so it works without JavaScript). A refusal (in use) comes back as the upstream's alert.
 */
export function DeleteSection({ action, confirming, confirmHref, cancelHref, labels }: DeleteSectionProps) {
  return (
    <>
      <div className="delete-row">
        <p className="muted">{labels.hint}</p>
        {confirming ? null : (
          <Link to={confirmHref} preventScrollReset replace className="button button-danger-ghost button-sm">
            <TrashIcon width={14} height={14} />
            {labels.delete}
          </Link>
        )}
      </div>
      {confirming ? (
        <ConfirmPanel
          action={action}
          intent="delete"
          title={labels.title}
          text={labels.text}
          confirmLabel={labels.delete}
          cancelLabel={labels.cancel}
          cancelHref={cancelHref}
        />
      ) : null}
    </>
  )
}
