import type { FieldType } from '@domain/fields/types'
import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import { EditIcon, LockIcon } from '../ui/icons'
import { type Column, Table } from '../ui/table'
import { IndexBadge } from './index-step'
import { fieldHref, type ListQuery } from './paths'
import { useAdminFieldsT } from './use-admin-fields-t'

/** A field as the list shows it: the contract's field, its type one the registry knows. */
export type FieldRow = Pick<Schema<'Field'>, 'id' | 'name' | 'title' | 'system' | 'index_state'> & {
  type: FieldType
}

/**
 * The node's fields: name (opens Editing), title, type, and the 'System field' badge (spec §5) on
 * the built-in ones, which have no Editing (ADR 008: read-only, never deleted).
 */
export function FieldsTable({ fields, query }: { fields: FieldRow[]; query: ListQuery }) {
  const { t } = useAdminFieldsT()
  // System titles are i18n keys (fields.system.…); custom ones are the administrator's text.
  const title = (f: FieldRow) => (f.system ? t(f.title) : f.title)
  const columns: Column<FieldRow>[] = [
    {
      key: 'name',
      header: t('admin_fields.column.name'),
      isRowHeader: true,
      className: 'afl-name',
      cell: (f) =>
        f.system ? (
          <code className="afl-code">{f.name}</code>
        ) : (
          <Link to={fieldHref(f.id, query)} preventScrollReset className="row-link">
            <code className="afl-code">{f.name}</code>
          </Link>
        ),
    },
    { key: 'title', header: t('admin_fields.column.title'), cell: title, className: 'afl-title' },
    {
      key: 'type',
      header: t('admin_fields.column.type'),
      cell: (f) => (
        <>
          <span className="afl-type">{t(`fields.type.${f.type}`)}</span>
          <IndexBadge state={f.index_state} />
        </>
      ),
      className: 'afl-type-cell',
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('admin_fields.column.actions')}</span>,
      className: 'afl-actions',
      cell: (f) =>
        f.system ? (
          <span className="afl-system" data-testid="system-badge">
            <LockIcon width={12} height={12} aria-hidden="true" />
            {t('fields.system_field')}
          </span>
        ) : (
          <Link
            to={fieldHref(f.id, query)}
            preventScrollReset
            className="button button-ghost button-sm"
            aria-label={t('admin_fields.edit_label', { name: f.name })}
          >
            <EditIcon width={14} height={14} />
            {t('admin_fields.edit')}
          </Link>
        ),
    },
  ]
  return (
    <Table
      caption={t('admin_fields.title')}
      columns={columns}
      rows={fields}
      rowKey={(f) => f.id}
      className="afl-table"
    />
  )
}
