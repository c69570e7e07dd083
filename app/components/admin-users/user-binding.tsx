import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Link } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { ConfirmPanel } from '../admin/confirm-panel'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { LinkIcon, UnlinkIcon } from '../ui/icons'
import { NativeSelectField } from '../ui/native-select-field'
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
      {otherNodes.length > 0 ? <BindForm action={action} otherNodes={otherNodes} /> : null}
    </>
  )
}

function BindForm({ action, otherNodes }: { action: string; otherNodes: { id: string; domain: string }[] }) {
  const { t } = useAdminUsersT()
  const { fetcher, lastResult, pending } = useIntentResult('bind')
  const [form, fields] = useForm({
    id: 'user-bind',
    lastResult,
    constraint: getZodConstraint(bindFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bindFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="bind" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <NativeSelectField
          meta={fields.node_id}
          label={t('binding.other_node')}
          placeholder={t('binding.choose_node')}
          options={otherNodes.map((n) => ({ value: n.id, label: n.domain }))}
        />
        <Button
          type="submit"
          variant="secondary"
          isPending={pending}
          isDisabled={submit.disabled && !pending}
        >
          <LinkIcon width={14} height={14} />
          {t('binding.bind')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
