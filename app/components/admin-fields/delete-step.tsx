import { Link } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { TrashIcon } from '../admin-ui/icons'
import { useAdminFieldsT } from './use-admin-fields-t'

export interface DeleteTexts {
  hint: string
  button: string
  title: string
  text: string
}

/**
 * Editing → delete: a confirm step that is a state of the address (`?confirm=delete`), so it
 * works without JavaScript; the confirm posts intent `delete`. Refusals come back as alerts.
 */
export function DeleteStep({
  action,
  confirming,
  confirmHref,
  cancelHref,
  texts,
}: {
  action: string
  confirming: boolean
  confirmHref: string
  cancelHref: string
  texts: DeleteTexts
}) {
  const { t } = useAdminFieldsT()
  if (!confirming)
    return (
      <div className="afl-delete-row">
        <p className="muted">{texts.hint}</p>
        <Link
          to={confirmHref}
          preventScrollReset
          replace
          className="button button-danger-ghost button-sm"
          data-testid="delete-start"
        >
          <TrashIcon width={14} height={14} />
          {texts.button}
        </Link>
      </div>
    )
  return (
    <div className="confirm" role="alertdialog" aria-labelledby="delete-title" aria-describedby="delete-text">
      <p className="confirm-title" id="delete-title">
        {texts.title}
      </p>
      <p className="confirm-text" id="delete-text">
        {texts.text}
      </p>
      <form method="post" action={action} className="confirm-actions">
        <CsrfInput />
        <input type="hidden" name="intent" value="delete" />
        <Link to={cancelHref} preventScrollReset replace className="button button-secondary button-sm">
          {t('actions.cancel')}
        </Link>
        <button type="submit" className="button button-sm button-danger" data-testid="delete-confirm">
          {t('admin_fields.delete.confirm')}
        </button>
      </form>
    </div>
  )
}
