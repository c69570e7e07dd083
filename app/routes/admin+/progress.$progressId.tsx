import { useLoaderData } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { CONFIRM_DELETE, progressPaths } from '~/components/admin-workflow/paths'
import { ProgressForm } from '~/components/admin-workflow/progress-form'
import { useDeleteLabels } from '~/components/admin-workflow/use-delete-labels'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__progress.server'

export { editAction as action, editLoader as loader } from './__progress.server'

/** /admin/progress/{id}: the Editing dialog — name and the order of statuses, and deleting. */
export default function EditProgressDialog() {
  const { t } = useWorkflowT()
  const { progress, statuses, query, confirming } = useLoaderData<typeof editLoader>()
  const here = progressPaths.item(progress.id, query)
  return (
    <Dialog
      title={t('workflow.editing')}
      subtitle={<span className="dialog-subtitle-name">{progress.name}</span>}
      closeHref={progressPaths.list(query)}
      data-testid="progress-edit-dialog"
    >
      <DialogSection title={t('progress.section')}>
        <ProgressForm key={JSON.stringify(progress)} action={here} progress={progress} statuses={statuses} />
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={progressPaths.item(progress.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={useDeleteLabels('progress', progress.name)}
        />
      </DialogSection>
    </Dialog>
  )
}
