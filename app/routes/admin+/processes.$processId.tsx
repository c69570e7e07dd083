import { useLoaderData } from '@remix-run/react'
import { DeleteSection } from '~/components/admin/delete-section'
import { DialogSection } from '~/components/admin/dialog-section'
import { CONFIRM_DELETE, processPaths } from '~/components/admin-workflow/paths'
import { ProcessForm } from '~/components/admin-workflow/process-form'
import { useDeleteLabels } from '~/components/admin-workflow/use-delete-labels'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { editLoader } from './__processes.server'

export { editAction as action, editLoader as loader } from './__processes.server'

/** /admin/processes/{id}: the Editing dialog — the whole process, and deleting it. */
export default function EditProcessDialog() {
  const { t } = useWorkflowT()
  const { process, choices, query, confirming } = useLoaderData<typeof editLoader>()
  const here = processPaths.item(process.id, query)
  return (
    <Dialog
      title={t('workflow.editing')}
      subtitle={
        <>
          <code className="process-key">{process.key}</code>{' '}
          <span className="dialog-subtitle-name">{process.name}</span>
        </>
      }
      closeHref={processPaths.list(query)}
      size="lg"
      data-testid="process-edit-dialog"
    >
      <DialogSection title={t('processes.section')}>
        <ProcessForm key={JSON.stringify(process)} action={here} process={process} choices={choices} />
      </DialogSection>
      <DialogSection title={t('workflow.delete.heading')}>
        <DeleteSection
          action={here}
          confirming={confirming}
          confirmHref={processPaths.item(process.id, query, CONFIRM_DELETE)}
          cancelHref={here}
          labels={useDeleteLabels('processes', `${process.key} · ${process.name}`)}
        />
      </DialogSection>
    </Dialog>
  )
}
