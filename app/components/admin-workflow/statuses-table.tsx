import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import type { ListQuery } from '../admin/list-query'
import { type Column, Table } from '../ui/table'
import { useEditColumn } from './edit-link'
import { statusPaths } from './paths'
import { StatusName } from './status-dot'
import { useWorkflowT } from './use-workflow-t'

/** A status as the upstream answers it. */
export type StatusRow = Schema<'Status'>

/** The node's statuses: name with its dot (opens Editing), description, colour. */
export function StatusesTable({ rows, query }: { rows: StatusRow[]; query: ListQuery }) {
  const { t } = useWorkflowT()
  const href = (id: string) => statusPaths.item(id, query)
  const columns: Column<StatusRow>[] = [
    {
      key: 'name',
      header: t('statuses.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (s) => (
        <Link to={href(s.id)} preventScrollReset className="row-link">
          <StatusName name={s.name} color={s.color} />
        </Link>
      ),
    },
    {
      key: 'description',
      header: t('workflow.column.description'),
      className: 'cell-description',
      cell: (s) => s.description || <span className="muted">—</span>,
    },
    {
      key: 'color',
      header: t('statuses.column.color'),
      className: 'cell-code',
      cell: (s) => <code>{s.color}</code>,
    },
    useEditColumn<StatusRow>(href, (s) => s.name),
  ]
  return (
    <Table
      caption={t('statuses.title')}
      columns={columns}
      rows={rows}
      rowKey={(s) => s.id}
      className="workflow-table"
    />
  )
}
