import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { workflowLinks } from '~/components/admin-workflow/links'
import { processPaths } from '~/components/admin-workflow/paths'
import { ProcessesTable } from '~/components/admin-workflow/processes-table'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__processes.server'

export { listLoader as loader } from './__processes.server'
export const links = workflowLinks
export const meta = titleMeta

/** /admin/processes (spec §2): the node's processes by key; Add and Editing (transitions, field rules) over the list. */
export default function ProcessesPage() {
  const { t } = useWorkflowT()
  const { rows, query, total, pages } = useLoaderData<typeof listLoader>()
  return (
    <AdminList
      title={t('processes.title')}
      subtitle={t('processes.subtitle')}
      paths={processPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('processes.search'),
        searchPlaceholder: t('workflow.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      data-testid="processes-page"
    >
      <ProcessesTable rows={rows} query={query} />
    </AdminList>
  )
}
