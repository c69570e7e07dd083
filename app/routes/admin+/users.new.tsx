import { useLoaderData } from '@remix-run/react'
import { newUserHref, usersHref } from '~/components/admin-users/paths'
import { useAdminUsersT } from '~/components/admin-users/use-admin-users-t'
import { UserCreateForm } from '~/components/admin-users/user-create-form'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__user-new.server'

export { action, loader } from './__user-new.server'

/** /admin/users/new: the Add dialog over the list. */
export default function NewUserDialog() {
  const { t } = useAdminUsersT()
  const { query } = useLoaderData<typeof loader>()
  return (
    <Dialog title={t('new.title')} closeHref={usersHref(query)} data-testid="user-new-dialog">
      <UserCreateForm action={newUserHref(query)} cancelHref={usersHref(query)} />
    </Dialog>
  )
}
