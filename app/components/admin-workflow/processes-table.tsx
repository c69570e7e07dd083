import { Link } from '@remix-run/react'
import type { ListQuery } from '../admin/list-query'
import { type Column, Table } from '../ui/table'
import { useEditColumn } from './edit-link'
import { processPaths } from './paths'
import { useWorkflowT } from './use-workflow-t'

export interface ProcessListRow {
  id: string
  key: string
  name: string
  /** Its progress's name. */
  progress: string
  transitions: number
  rules: number
}

/** The node's processes: key, name (opens Editing), progress, how many transitions and rules. */
export function ProcessesTable({ rows, query }: { rows: ProcessListRow[]; query: ListQuery }) {
  const { t } = useWorkflowT()
  const href = (id: string) => processPaths.item(id, query)
  const columns: Column<ProcessListRow>[] = [
    {
      key: 'key',
      header: t('processes.column.key'),
      className: 'cell-key',
      cell: (p) => <code className="process-key">{p.key}</code>,
    },
    {
      key: 'name',
      header: t('processes.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (p) => (
        <Link to={href(p.id)} preventScrollReset className="row-link">
          {p.name}
        </Link>
      ),
    },
    {
      key: 'progress',
      header: t('processes.column.progress'),
      className: 'cell-description',
      cell: (p) => p.progress || <span className="muted">—</span>,
    },
    {
      key: 'rules',
      header: t('processes.column.rules'),
      className: 'cell-count',
      cell: (p) =>
        p.transitions === 0 && p.rules === 0 ? (
          <span className="muted">{t('processes.any_move')}</span>
        ) : (
          `${t('processes.transitions_count', { count: p.transitions })} · ${t('processes.rules_count', { count: p.rules })}`
        ),
    },
    useEditColumn<ProcessListRow>(href, (p) => p.name),
  ]
  return (
    <Table
      caption={t('processes.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="workflow-table"
    />
  )
}
