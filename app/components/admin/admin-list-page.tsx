import { Link, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../page/empty-state'
import { PageHeader } from '../page/page-header'
import { Dialog } from '../ui/dialog'
import { InboxIcon, PlusIcon } from '../ui/icons'

/**
 * An admin page of spec §2 before its content exists: the title, the add button, the empty list,
 * and the edit modal titled "Editing" that the add button opens. The issue that brings the
 * section's data replaces the list and the modal's body, not the frame.
 */
export function AdminListPage() {
  const { t } = useTranslation()
  const { title } = useLoaderData<{ title: string }>()
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Link
            to="?edit=new"
            className="button button-primary button-sm"
            preventScrollReset
            data-testid="admin-add"
          >
            <PlusIcon width={15} height={15} />
            {t('admin.add')}
          </Link>
        }
      />
      <div className="list-card">
        <EmptyState
          icon={<InboxIcon width={20} height={20} />}
          title={t('empty.table')}
          testId="admin-empty"
        />
      </div>
      {params.has('edit') ? (
        <Dialog title={t('admin.editing')} closeHref={pathname} data-testid="admin-editing">
          <p className="muted">{t('admin.editing.unavailable')}</p>
        </Dialog>
      ) : null}
    </>
  )
}
