import { useLoaderData } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { CONFIRM_DELETE, statusPaths } from '~/components/admin-workflow/paths'
import { StatusName } from '~/components/admin-workflow/status-dot'
import { StatusForm } from '~/components/admin-workflow/status-form'
import { useDeleteLabels } from '~/components/admin-workflow/use-delete-labels'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__statuses.server'

export { editAction as action, editLoader as loader } from './__statuses.server'

/** /admin/statuses/{id}: the Editing dialog (spec §2) — the status, and deleting it. */
export default function EditStatusDialog() {
  const { t } = useWorkflowT()
  const { status, query, confirming } = useLoaderData<typeof editLoader>()
  const here = statusPaths.item(status.id, query)
  return (
    <Dialog
      title={t('workflow.editing')}
      subtitle={<StatusName name={status.name} color={status.color} />}
      closeHref={statusPaths.list(query)}
      data-testid="status-edit-dialog"
    >
      <DialogSection title={t('statuses.section')}>
        {/* A new key once saved: the form starts from what the server now holds. */}
        <StatusForm key={JSON.stringify(status)} action={here} status={status} />
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={statusPaths.item(status.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={useDeleteLabels('statuses', status.name)}
        />
      </DialogSection>
    </Dialog>
  )
}
