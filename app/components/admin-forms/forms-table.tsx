import { Link } from '@remix-run/react'
import { useAdminFieldsT } from '../admin-fields/use-admin-fields-t'
import { EditIcon } from '../ui/icons'
import { type Column, Table } from '../ui/table'
import { formHref, type ListQuery } from './paths'

export interface FormRow {
  id: string
  name: string
  layout: string
  fields: number
  tabs: number
  processes: number
}

/** The node's forms: name (opens Editing), layout, how many fields and tabs, the processes using it. */
export function FormsTable({ forms, query }: { forms: FormRow[]; query: ListQuery }) {
  const { t } = useAdminFieldsT()
  const columns: Column<FormRow>[] = [
    {
      key: 'name',
      header: t('admin_forms.column.name'),
      isRowHeader: true,
      className: 'afo-cell-name',
      cell: (f) => (
        <Link to={formHref(f.id, query)} preventScrollReset className="row-link">
          {f.name}
        </Link>
      ),
    },
    {
      key: 'layout',
      header: t('admin_forms.column.layout'),
      cell: (f) => t(`admin_forms.layout.${f.layout}`),
    },
    {
      key: 'fields',
      header: t('admin_forms.column.fields'),
      cell: (f) => (f.tabs ? t('admin_forms.fields_on_tabs', { count: f.fields, tabs: f.tabs }) : f.fields),
    },
    { key: 'processes', header: t('admin_forms.column.processes'), cell: (f) => f.processes || '—' },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('admin_fields.column.actions')}</span>,
      className: 'afl-actions',
      cell: (f) => (
        <Link
          to={formHref(f.id, query)}
          preventScrollReset
          className="button button-ghost button-sm"
          aria-label={t('admin_forms.edit_label', { name: f.name })}
        >
          <EditIcon width={14} height={14} />
          {t('admin_fields.edit')}
        </Link>
      ),
    },
  ]
  return (
    <Table
      caption={t('admin_forms.title')}
      columns={columns}
      rows={forms}
      rowKey={(f) => f.id}
      className="afl-table afo-table"
    />
  )
}
