import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import styles from '~/components/admin-users/admin-users.css'
import { newUserHref, SEARCH_MAX, USERS_PATH, usersHref } from '~/components/admin-users/paths'
import { useAdminUsersT } from '~/components/admin-users/use-admin-users-t'
import { UsersTable } from '~/components/admin-users/users-table'
import { PlusIcon } from '~/components/ui/icons'
import { Pagination } from '~/components/ui/pagination'
import { SearchField } from '~/components/ui/search-field'
import type { loader } from './__users-list.server'

export { loader } from './__users-list.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/**
 * /admin/users (spec §2): the node's users with search and pages, an Add button, and the Add and
 * Editing dialogs as child routes drawn over the list (`<Outlet />`).
 */
export default function UsersPage() {
  const { t } = useAdminUsersT()
  const { users, query, total, pages, me, node } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  return (
    <div className="users-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('users.title')}</h1>
          <p className="page-subtitle">{t('users.subtitle', { node })}</p>
        </div>
        <Link to={newUserHref(query)} preventScrollReset className="button button-primary">
          <PlusIcon width={15} height={15} />
          {t('users.add')}
        </Link>
      </header>
      <div className="toolbar">
        {/* A GET form: Enter searches without JavaScript; with it, typing searches after a pause. */}
        <Form method="get" action={USERS_PATH} role="search" className="toolbar-search">
          <SearchField
            name="search"
            label={t('users.search.label')}
            placeholder={t('users.search.placeholder')}
            defaultValue={query.search}
            maxLength={SEARCH_MAX}
            onDebouncedChange={(search) =>
              navigate(usersHref({ search }), { replace: true, preventScrollReset: true })
            }
          />
        </Form>
        <p className="toolbar-count" aria-live="polite">
          {t('users.total', { count: total })}
        </p>
      </div>
      <UsersTable users={users} query={query} me={me} />
      <Pagination
        page={query.page}
        totalPages={pages}
        hrefFor={(page) => usersHref({ ...query, page })}
        className="users-pagination"
      />
      <Outlet />
    </div>
  )
}
