import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { workflowLinks } from '~/components/admin-workflow/links'
import { statusPaths } from '~/components/admin-workflow/paths'
import { StatusesTable } from '~/components/admin-workflow/statuses-table'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__statuses.server'

export { listLoader as loader } from './__statuses.server'
export const links = workflowLinks
export const meta = titleMeta

/** /admin/statuses (spec §2): the node's statuses with their dots; Add and Editing over the list. */
export default function StatusesPage() {
  const { t } = useWorkflowT()
  const { rows, query, total, pages } = useLoaderData<typeof listLoader>()
  return (
    <AdminList
      title={t('statuses.title')}
      subtitle={t('statuses.subtitle')}
      paths={statusPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('statuses.search'),
        searchPlaceholder: t('workflow.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      data-testid="statuses-page"
    >
      <StatusesTable rows={rows} query={query} />
    </AdminList>
  )
}
