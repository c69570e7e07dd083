import { Link } from '@remix-run/react'
import type { ListQuery } from '../admin/list-query'
import { useEditColumn } from '../admin-workflow/edit-link'
import { type Column, Table } from '../ui/table'
import { boardPaths } from './paths'
import type { BoardRow } from './types'
import { useBoardsT } from './use-boards-t'

/** The node's boards: name (opens Editing) with the default one marked, how many widgets. */
export function BoardsTable({ rows, query }: { rows: BoardRow[]; query: ListQuery }) {
  const { t } = useBoardsT()
  const href = (id: string) => boardPaths.item(id, query)
  const columns: Column<BoardRow>[] = [
    {
      key: 'name',
      header: t('admin_boards.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (b) => (
        <span className="board-name">
          <Link to={href(b.id)} preventScrollReset className="row-link">
            {b.name}
          </Link>
          {b.is_default ? (
            <span className="badge" data-testid="default-mark">
              {t('admin_boards.default_mark')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'widgets',
      header: t('admin_boards.column.widgets'),
      className: 'cell-count',
      cell: (b) => b.widgets.length,
    },
    useEditColumn<BoardRow>(href, (b) => b.name),
  ]
  return (
    <Table
      caption={t('admin_boards.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="workflow-table"
    />
  )
}
