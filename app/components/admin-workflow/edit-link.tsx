import { Link } from '@remix-run/react'
import { EditIcon } from '../ui/icons'
import { useWorkflowT } from './use-workflow-t'

/** A row's Edit button: opens the Editing dialog over the list. */
export function EditLink({ to, name }: { to: string; name: string }) {
  const { t } = useWorkflowT()
  return (
    <Link
      to={to}
      preventScrollReset
      className="button button-ghost button-sm"
      aria-label={t('workflow.edit_label', { name })}
    >
      <EditIcon width={14} height={14} />
      {t('workflow.edit')}
    </Link>
  )
}

/** The column of Edit buttons (its header is for assistive technology only). */
export function useEditColumn<T extends { id: string }>(
  href: (id: string) => string,
  name: (row: T) => string,
) {
  const { t } = useWorkflowT()
  return {
    key: 'actions',
    header: <span className="visually-hidden">{t('workflow.column.actions')}</span>,
    className: 'cell-actions',
    cell: (row: T) => <EditLink to={href(row.id)} name={name(row)} />,
  }
}
