import type { LinksFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogSection } from '~/components/admin/dialog-section'
import { userHref, usersHref } from '~/components/admin-users/paths'
import { useAdminUsersT } from '~/components/admin-users/use-admin-users-t'
import { UserBinding } from '~/components/admin-users/user-binding'
import { UserPasswordForm } from '~/components/admin-users/user-password-form'
import { UserProfileForm } from '~/components/admin-users/user-profile-form'
import { UserRights } from '~/components/admin-users/user-rights'
import { UserSupport } from '~/components/admin-users/user-support'
import profileStyles from '~/components/profile/profile.css'
import { PictureForms } from '~/components/profile/profile-picture'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__user-edit.server'

export { action, loader } from './__user-edit.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: profileStyles }]

/** /admin/users/{userId}: the Editing dialog (spec §2) over the list, every form posting here. */
export default function EditUserDialog() {
  const { t } = useAdminUsersT()
  const { t: tt } = useTranslation()
  const { user, grants, node, otherNodes, isSelf, query, confirmUnbind } = useLoaderData<typeof loader>()
  const here = userHref(user.id, query)
  const name = user.full_name || user.user_name
  return (
    <Dialog
      title={t('edit.title')}
      subtitle={
        <>
          <span className="dialog-subtitle-name">{name}</span> · {user.user_name}
        </>
      }
      closeHref={usersHref(query)}
      size="lg"
      data-testid="user-edit-dialog"
    >
      <DialogSection title={t('profile.heading')}>
        {/* A new key once saved: the form starts from what the server now holds. */}
        <UserProfileForm key={user.updated_at} action={here} user={user} />
      </DialogSection>
      <DialogSection title={tt('lk.profile.picture')}>
        <PictureForms name={name} logo={user.logo} action={here} />
      </DialogSection>
      <DialogSection title={t('password.heading')} hint={isSelf ? undefined : t('password.hint')}>
        {isSelf ? (
          <p className="muted">{t('password.self')}</p>
        ) : (
          <UserPasswordForm key={user.updated_at} action={here} />
        )}
      </DialogSection>
      <DialogSection title={t('rights.heading')} hint={t('rights.hint')}>
        <UserRights action={here} grants={grants} />
      </DialogSection>
      <DialogSection title={t('binding.heading')}>
        <UserBinding
          action={here}
          userName={name}
          node={node.domain}
          otherNodes={otherNodes}
          isSelf={isSelf}
          confirming={confirmUnbind}
          confirmHref={userHref(user.id, query, { confirm: 'unbind' })}
          cancelHref={here}
        />
      </DialogSection>
      {isSelf ? null : (
        <DialogSection title={t('support.heading')}>
          <UserSupport action={here} userName={name} />
        </DialogSection>
      )}
    </Dialog>
  )
}
