import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { userHref, usersHref } from '~/components/admin-users/paths'
import { useAdminUsersT } from '~/components/admin-users/use-admin-users-t'
import { UserBinding } from '~/components/admin-users/user-binding'
import { UserPasswordForm } from '~/components/admin-users/user-password-form'
import { UserProfileForm } from '~/components/admin-users/user-profile-form'
import { UserRights } from '~/components/admin-users/user-rights'
import { UserSupport } from '~/components/admin-users/user-support'
import { Dialog } from '~/components/ui/dialog'
import type { loader } from './__user-edit.server'

export { action, loader } from './__user-edit.server'

/** /admin/users/{userId}: the Editing dialog (spec §2) over the list, every form posting here. */
export default function EditUserDialog() {
  const { t } = useAdminUsersT()
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
      <Section title={t('profile.heading')}>
        {/* A new key once saved: the form starts from what the server now holds. */}
        <UserProfileForm key={user.updated_at} action={here} user={user} />
      </Section>
      <Section title={t('password.heading')} hint={isSelf ? undefined : t('password.hint')}>
        {isSelf ? (
          <p className="muted">{t('password.self')}</p>
        ) : (
          <UserPasswordForm key={user.updated_at} action={here} />
        )}
      </Section>
      <Section title={t('rights.heading')} hint={t('rights.hint')}>
        <UserRights action={here} grants={grants} />
      </Section>
      <Section title={t('binding.heading')}>
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
      </Section>
      {isSelf ? null : (
        <Section title={t('support.heading')}>
          <UserSupport action={here} userName={name} />
        </Section>
      )}
    </Dialog>
  )
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="dialog-section">
      <header className="dialog-section-header">
        <h3 className="dialog-section-title">{title}</h3>
        {hint ? <p className="dialog-section-hint">{hint}</p> : null}
      </header>
      {children}
    </section>
  )
}
