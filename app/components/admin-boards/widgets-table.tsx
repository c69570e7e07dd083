import { Link } from '@remix-run/react'
import type { ListPaths, ListQuery } from '../admin/list-query'
import { useEditColumn } from '../admin-workflow/edit-link'
import { type Column, Table } from '../ui/table'
import type { WidgetRow } from './types'
import { useBoardsT } from './use-boards-t'

/** The node's widgets: title (opens Editing), type, on how many boards. */
export function WidgetsTable({
  rows,
  query,
  paths,
}: {
  rows: WidgetRow[]
  query: ListQuery
  paths: ListPaths
}) {
  const { t } = useBoardsT()
  const href = (id: string) => paths.item(id, query)
  const columns: Column<WidgetRow>[] = [
    {
      key: 'title',
      header: t('admin_widgets.column.title'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (w) => (
        <Link to={href(w.id)} preventScrollReset className="row-link">
          {w.title}
        </Link>
      ),
    },
    {
      key: 'type',
      header: t('admin_widgets.column.type'),
      className: 'cell-type',
      cell: (w) => (
        <span className="widget-type">{t(`admin_widgets.type.${w.type}`, { defaultValue: w.type })}</span>
      ),
    },
    {
      key: 'boards',
      header: t('admin_widgets.column.boards'),
      className: 'cell-count',
      cell: (w) => w.board_ids.length,
    },
    useEditColumn<WidgetRow>(href, (w) => w.title),
  ]
  return (
    <Table
      caption={t('admin_widgets.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="workflow-table"
    />
  )
}
