import { useLoaderData } from '@remix-run/react'
import { statusPaths } from '~/components/admin-workflow/paths'
import { StatusForm } from '~/components/admin-workflow/status-form'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__statuses.server'

export { newAction as action, newLoader as loader } from './__statuses.server'

/** /admin/statuses/new: the Add dialog over the list. */
export default function NewStatusDialog() {
  const { t } = useWorkflowT()
  const { query } = useLoaderData<typeof newLoader>()
  return (
    <Dialog title={t('statuses.new')} closeHref={statusPaths.list(query)} data-testid="status-new-dialog">
      <StatusForm action={statusPaths.add(query)} cancelHref={statusPaths.list(query)} />
    </Dialog>
  )
}
