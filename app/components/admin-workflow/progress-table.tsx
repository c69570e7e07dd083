import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import type { ListQuery } from '../admin/list-query'
import { ChevronRightIcon } from '../ui/icons'
import { type Column, Table } from '../ui/table'
import { useEditColumn } from './edit-link'
import { progressPaths } from './paths'
import { StatusName } from './status-dot'
import { useWorkflowT } from './use-workflow-t'

/** A progress as the upstream answers it: its statuses in order, the first the initial one. */
export type ProgressRow = Schema<'Progress'>

/** The node's progress: name (opens Editing) and the statuses in their order. */
export function ProgressTable({ rows, query }: { rows: ProgressRow[]; query: ListQuery }) {
  const { t } = useWorkflowT()
  const href = (id: string) => progressPaths.item(id, query)
  const columns: Column<ProgressRow>[] = [
    {
      key: 'name',
      header: t('progress.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (p) => (
        <Link to={href(p.id)} preventScrollReset className="row-link">
          {p.name}
        </Link>
      ),
    },
    {
      key: 'statuses',
      header: t('progress.column.statuses'),
      className: 'cell-statuses',
      cell: (p) =>
        p.statuses.length === 0 ? (
          <span className="muted">{t('progress.no_statuses')}</span>
        ) : (
          <ol className="status-flow" aria-label={t('progress.order_label', { name: p.name })}>
            {p.statuses.map((s, i) => (
              <li key={s.id} className="status-flow-item">
                {i > 0 ? <ChevronRightIcon className="status-flow-arrow" width={12} height={12} /> : null}
                <span className="chip">
                  <StatusName name={s.name} color={s.color} />
                </span>
              </li>
            ))}
          </ol>
        ),
    },
    useEditColumn<ProgressRow>(href, (p) => p.name),
  ]
  return (
    <Table
      caption={t('progress.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="workflow-table"
    />
  )
}
