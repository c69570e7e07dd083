import { Link } from '@remix-run/react'
import { ConfirmPanel } from '../admin/confirm-panel'
import { PickOneForm } from '../admin/intent-forms'
import { LinkIcon, UnlinkIcon } from '../ui/icons'
import { bindFormSchema } from './schemas'
import { useAdminUsersT } from './use-admin-users-t'

interface UserBindingProps {
  action: string
  userName: string
  node: string
  otherNodes: { id: string; domain: string }[]
  isSelf: boolean
  /** Addresses of the dialog asking to confirm the unbinding, and of the dialog without it. */
  confirmHref: string
  cancelHref: string
  confirming: boolean
}

/**
 * Editing → binding: unbind from this node (DELETE /api/users/{id}?node_id=, after a confirmation
 * that is a state of the address, so it works without JavaScript), or bind to another node of the
 * administrator's (POST /api/nodes/bind-user).
 */
export function UserBinding(props: UserBindingProps) {
  const { t } = useAdminUsersT()
  const { action, userName, node, otherNodes, isSelf, confirmHref, cancelHref, confirming } = props
  return (
    <>
      <div className="binding-row">
        <p>{t('binding.current', { node })}</p>
        {isSelf ? (
          <p className="muted">{t('binding.self')}</p>
        ) : confirming ? null : (
          <Link to={confirmHref} preventScrollReset replace className="button button-danger-ghost button-sm">
            <UnlinkIcon width={14} height={14} />
            {t('binding.unbind')}
          </Link>
        )}
      </div>
      {confirming && !isSelf ? (
        <ConfirmPanel
          action={action}
          intent="unbind"
          title={t('binding.confirm_title', { name: userName, node })}
          text={t('binding.confirm_text', { node })}
          confirmLabel={t('binding.confirm')}
          cancelLabel={t('actions.cancel')}
          cancelHref={cancelHref}
        />
      ) : null}
      {otherNodes.length > 0 ? (
        <PickOneForm
          id="user-bind"
          action={action}
          intent="bind"
          schema={bindFormSchema}
          name="node_id"
          label={t('binding.other_node')}
          placeholder={t('binding.choose_node')}
          options={otherNodes.map((n) => ({ value: n.id, label: n.domain }))}
          icon={<LinkIcon width={14} height={14} />}
          submitLabel={t('binding.bind')}
        />
      ) : null}
    </>
  )
}
