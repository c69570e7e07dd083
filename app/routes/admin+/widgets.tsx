import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { boardsAdminLinks } from '~/components/admin-boards/links'
import { widgetPaths } from '~/components/admin-boards/paths'
import { TypeFilter } from '~/components/admin-boards/type-filter'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { WidgetsTable } from '~/components/admin-boards/widgets-table'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__widgets.server'

export { listLoader as loader } from './__widgets.server'
export const links = boardsAdminLinks
export const meta = titleMeta

/** /admin/widgets (spec §2): the node's widgets by type; Add and Editing (settings, query, preview) over the list. */
export default function WidgetsPage() {
  const { t } = useBoardsT()
  const { rows, query, type, total, pages } = useLoaderData<typeof listLoader>()
  const paths = widgetPaths(type)
  return (
    <AdminList
      title={t('admin_widgets.title')}
      subtitle={t('admin_widgets.subtitle')}
      paths={paths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('admin_widgets.search'),
        searchPlaceholder: t('admin_widgets.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      filters={<TypeFilter value={type} />}
      data-testid="widgets-page"
    >
      <WidgetsTable rows={rows} query={query} paths={paths} />
    </AdminList>
  )
}
