import { useLoaderData } from '@remix-run/react'
import { processPaths } from '~/components/admin-workflow/paths'
import { ProcessForm } from '~/components/admin-workflow/process-form'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__processes.server'

export { newAction as action, newLoader as loader } from './__processes.server'

/** /admin/processes/new: the Add dialog over the list. */
export default function NewProcessDialog() {
  const { t } = useWorkflowT()
  const { query, choices } = useLoaderData<typeof newLoader>()
  return (
    <Dialog
      title={t('processes.new')}
      closeHref={processPaths.list(query)}
      size="lg"
      data-testid="process-new-dialog"
    >
      <ProcessForm action={processPaths.add(query)} choices={choices} cancelHref={processPaths.list(query)} />
    </Dialog>
  )
}
