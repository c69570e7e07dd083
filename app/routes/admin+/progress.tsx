import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { workflowLinks } from '~/components/admin-workflow/links'
import { progressPaths } from '~/components/admin-workflow/paths'
import { ProgressTable } from '~/components/admin-workflow/progress-table'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__progress.server'

export { listLoader as loader } from './__progress.server'
export const links = workflowLinks
export const meta = titleMeta

/** /admin/progress (spec §2): status groups, each an ordered list of statuses; Add and Editing over the list. */
export default function ProgressPage() {
  const { t } = useWorkflowT()
  const { rows, query, total, pages } = useLoaderData<typeof listLoader>()
  return (
    <AdminList
      title={t('progress.title')}
      subtitle={t('progress.subtitle')}
      paths={progressPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('progress.search'),
        searchPlaceholder: t('workflow.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      data-testid="progress-page"
    >
      <ProgressTable rows={rows} query={query} />
    </AdminList>
  )
}
