import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import adminStyles from '~/components/admin/admin.css'
import { AdminList } from '~/components/admin/admin-list'
import { listPaths } from '~/components/admin/list-query'
import styles from '~/components/admin-users/admin-users.css'
import { USERS_PATH } from '~/components/admin-users/paths'
import { useAdminUsersT } from '~/components/admin-users/use-admin-users-t'
import { UsersTable } from '~/components/admin-users/users-table'
import type { loader } from './__users-list.server'

export { loader } from './__users-list.server'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: styles },
]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

const paths = listPaths(USERS_PATH)

/** /admin/users (spec §2): the node's users, with the Add and Editing dialogs as child routes. */
export default function UsersPage() {
  const { t } = useAdminUsersT()
  const { users, query, total, pages, me, node } = useLoaderData<typeof loader>()
  return (
    <AdminList
      title={t('users.title')}
      subtitle={t('users.subtitle', { node })}
      paths={paths}
      query={query}
      pages={pages}
      labels={{
        add: t('users.add'),
        search: t('users.search.label'),
        searchPlaceholder: t('users.search.placeholder'),
        total: t('users.total', { count: total }),
      }}
    >
      <UsersTable users={users} query={query} me={me} />
    </AdminList>
  )
}
