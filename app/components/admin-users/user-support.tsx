import { Form } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '../ui/button'
import { LogInIcon } from '../ui/icons'
import { useAdminUsersT } from './use-admin-users-t'

/**
 * Editing → sign in as the user, for support (GET /api/users/token/{id}?node_id=, audited upstream).
 * A whole-page post: the session changes hands, so nothing of the administrator's page should linger.
 */
export function UserSupport({ action, userName }: { action: string; userName: string }) {
  const { t } = useAdminUsersT()
  return (
    <Form method="post" action={action} reloadDocument className="support-row">
      <CsrfInput />
      <input type="hidden" name="intent" value="sign_in_as" />
      <p className="muted">{t('support.hint')}</p>
      <Button type="submit" variant="secondary">
        <LogInIcon width={14} height={14} />
        {t('support.sign_in_as', { name: userName })}
      </Button>
    </Form>
  )
}
