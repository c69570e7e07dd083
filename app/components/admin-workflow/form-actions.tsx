import { Link } from '@remix-run/react'
import { Button } from '../ui/button'
import { useWorkflowT } from './use-workflow-t'

/** A dialog form's buttons: Cancel (back to the list) on Add, and Create or Save. */
export function FormActions({
  creating,
  cancelHref,
  pending,
  disabled,
}: {
  creating: boolean
  cancelHref?: string
  pending: boolean
  /** The form has an error to fix first (`useSubmitDisabled`). */
  disabled?: boolean
}) {
  const { t } = useWorkflowT()
  return (
    <div className="form-actions">
      {cancelHref ? (
        <Link to={cancelHref} preventScrollReset className="button button-secondary">
          {t('workflow.cancel')}
        </Link>
      ) : null}
      <Button type="submit" isPending={pending} isDisabled={disabled && !pending}>
        {creating ? t('workflow.create') : t('workflow.save')}
      </Button>
    </div>
  )
}
