import type { Right } from '@domain/rights/rights'
import { Link } from '@remix-run/react'
import { EditIcon } from '../ui/icons'
import { type Column, Table } from '../ui/table'
import { type ListQuery, userHref } from './paths'
import { RightsSummary } from './rights-summary'
import { useAdminUsersT } from './use-admin-users-t'

export interface UserRow {
  id: string
  full_name: string
  email: string
  phone: string
  rights: Right[]
}

interface UsersTableProps {
  users: UserRow[]
  query: ListQuery
  /** The signed-in administrator's id: their row says "you". */
  me: string
}

/** The node's users: full name (opens Editing), email, phone, rights, and an edit link per row. */
export function UsersTable({ users, query, me }: UsersTableProps) {
  const { t } = useAdminUsersT()
  const name = (u: UserRow) => u.full_name || u.email
  const columns: Column<UserRow>[] = [
    {
      key: 'name',
      header: t('users.column.full_name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (u) => (
        <>
          <Link to={userHref(u.id, query)} preventScrollReset className="row-link">
            {name(u)}
          </Link>
          {u.id === me ? <span className="badge">{t('users.you')}</span> : null}
        </>
      ),
    },
    { key: 'email', header: t('users.column.email'), cell: (u) => u.email, className: 'cell-email' },
    {
      key: 'phone',
      header: t('users.column.phone'),
      cell: (u) => u.phone || <span className="muted">—</span>,
      className: 'cell-phone',
    },
    {
      key: 'rights',
      header: t('users.column.rights'),
      cell: (u) => <RightsSummary rights={u.rights} />,
      className: 'cell-rights',
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('users.column.actions')}</span>,
      className: 'cell-actions',
      cell: (u) => (
        <Link
          to={userHref(u.id, query)}
          preventScrollReset
          className="button button-ghost button-sm"
          aria-label={t('users.edit_label', { name: name(u) })}
        >
          <EditIcon width={14} height={14} />
          {t('users.edit')}
        </Link>
      ),
    },
  ]
  return (
    <Table
      caption={t('users.title')}
      columns={columns}
      rows={users}
      rowKey={(u) => u.id}
      empty={t('empty.table')}
      className="users-table"
    />
  )
}
