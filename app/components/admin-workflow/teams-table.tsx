import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import type { ListQuery } from '../admin/list-query'
import { type Column, Table } from '../ui/table'
import { useEditColumn } from './edit-link'
import { teamPaths } from './paths'
import { useWorkflowT } from './use-workflow-t'

/** A team as GET /api/teams/{nodeId} lists it (ADR 009: members as ids). */
export type TeamRow = Schema<'Team'>

/** The node's teams: name (opens Editing), description, how many members. */
export function TeamsTable({ rows, query }: { rows: TeamRow[]; query: ListQuery }) {
  const { t } = useWorkflowT()
  const href = (id: string) => teamPaths.item(id, query)
  const columns: Column<TeamRow>[] = [
    {
      key: 'name',
      header: t('teams.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (team) => (
        <Link to={href(team.id)} preventScrollReset className="row-link">
          {team.name}
        </Link>
      ),
    },
    {
      key: 'description',
      header: t('workflow.column.description'),
      className: 'cell-description',
      cell: (team) => team.description || <span className="muted">—</span>,
    },
    {
      key: 'members',
      header: t('teams.column.members'),
      className: 'cell-count',
      cell: (team) => team.user_ids.length,
    },
    useEditColumn<TeamRow>(href, (team) => team.name),
  ]
  return (
    <Table
      caption={t('teams.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="workflow-table"
    />
  )
}
