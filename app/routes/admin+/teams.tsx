import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { workflowLinks } from '~/components/admin-workflow/links'
import { teamPaths } from '~/components/admin-workflow/paths'
import { TeamsTable } from '~/components/admin-workflow/teams-table'
import { useWorkflowT } from '~/components/admin-workflow/use-workflow-t'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__teams.server'

export { listLoader as loader } from './__teams.server'
export const links = workflowLinks
export const meta = titleMeta

/** /admin/teams (spec §2): the node's teams; Add and Editing (with the members) over the list. */
export default function TeamsPage() {
  const { t } = useWorkflowT()
  const { rows, query, total, pages } = useLoaderData<typeof listLoader>()
  return (
    <AdminList
      title={t('teams.title')}
      subtitle={t('teams.subtitle')}
      paths={teamPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('teams.search'),
        searchPlaceholder: t('workflow.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      data-testid="teams-page"
    >
      <TeamsTable rows={rows} query={query} />
    </AdminList>
  )
}
