import { useLoaderData } from '@remix-run/react'
import { progressPaths } from '~/components/admin-workflow/paths'
import { ProgressForm } from '~/components/admin-workflow/progress-form'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__progress.server'

export { newAction as action, newLoader as loader } from './__progress.server'

/** /admin/progress/new: the Add dialog over the list. */
export default function NewProgressDialog() {
  const { t } = useWorkflowT()
  const { query, statuses } = useLoaderData<typeof newLoader>()
  return (
    <Dialog title={t('progress.new')} closeHref={progressPaths.list(query)} data-testid="progress-new-dialog">
      <ProgressForm
        action={progressPaths.add(query)}
        statuses={statuses}
        cancelHref={progressPaths.list(query)}
      />
    </Dialog>
  )
}
