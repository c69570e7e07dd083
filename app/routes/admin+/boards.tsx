import { Link, useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { BoardsTable } from '~/components/admin-boards/boards-table'
import { boardsAdminLinks } from '~/components/admin-boards/links'
import { boardPaths } from '~/components/admin-boards/paths'
import { useBoardsT } from '~/components/admin-boards/use-boards-t'
import { UploadIcon } from '~/components/ui/icons'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__boards.server'

export { listLoader as loader } from './__boards.server'
export const links = boardsAdminLinks
export const meta = titleMeta

/** /admin/boards (spec §2): the node's dashboards; Add, Import and Editing (widgets, layout) over the list. */
export default function BoardsPage() {
  const { t } = useBoardsT()
  const { rows, query, total, pages } = useLoaderData<typeof listLoader>()
  return (
    <AdminList
      title={t('admin_boards.title')}
      subtitle={t('admin_boards.subtitle')}
      paths={boardPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('workflow.add'),
        search: t('admin_boards.search'),
        searchPlaceholder: t('admin_boards.search_placeholder'),
        total: t('workflow.total', { count: total }),
      }}
      actions={
        <Link to={boardPaths.import(query)} preventScrollReset className="button button-secondary">
          <UploadIcon width={15} height={15} />
          {t('admin_boards.import')}
        </Link>
      }
      data-testid="boards-page"
    >
      <BoardsTable rows={rows} query={query} />
    </AdminList>
  )
}
