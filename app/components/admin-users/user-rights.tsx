import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { RIGHT_CODES } from '@domain/rights/rights'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import type { Schema } from '~/lib/upstream/types'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { CloseIcon } from '../ui/icons'
import { NativeSelectField } from '../ui/native-select-field'
import { TagField } from '../ui/tag-field'
import { rightLabel } from './right-label'
import { byCode } from './rights-summary'
import { grantFormSchema } from './schemas'
import { useAdminUsersT } from './use-admin-users-t'

/** A grant as the upstream answers it (the contract's `Grant`), as much of it as the page shows. */
export type GrantRow = Pick<Schema<'Grant'>, 'id' | 'right_code' | 'attributes'>

interface UserRightsProps {
  action: string
  grants: GrantRow[]
}

/**
 * Editing → rights granted to the user directly (rights through teams are the teams' to edit): each
 * with its attributes and a revoke button, then a form to grant one (again: replaces its attributes).
 */
export function UserRights({ action, grants }: UserRightsProps) {
  const { t } = useAdminUsersT()
  return (
    <>
      {grants.length === 0 ? (
        <p className="muted">{t('rights.empty')}</p>
      ) : (
        <ul className="grant-list" aria-label={t('rights.heading')}>
          {byCode(grants).map((g) => (
            <li key={g.id} className="grant" data-right={g.right_code}>
              <div className="grant-main">
                <span className="grant-name">{rightLabel(t, g.right_code)}</span>
                <code className="grant-code">{g.right_code}</code>
              </div>
              <div className="grant-attrs">
                {g.attributes && g.attributes.length > 0 ? (
                  g.attributes.map((a) => (
                    <span key={a} className="chip chip-sm">
                      {a}
                    </span>
                  ))
                ) : (
                  <span className="muted">{t('rights.all_attributes')}</span>
                )}
              </div>
              <RevokeButton action={action} grant={g} />
            </li>
          ))}
        </ul>
      )}
      {/* A new key after each change: the form starts empty again. */}
      <GrantForm
        key={grants.map((g) => `${g.id}:${g.attributes?.join(',') ?? ''}`).join('|')}
        action={action}
      />
    </>
  )
}

function RevokeButton({ action, grant }: { action: string; grant: GrantRow }) {
  const { t } = useAdminUsersT()
  const { fetcher, pending } = useIntentResult('revoke')
  const label = t('rights.revoke_label', { right: rightLabel(t, grant.right_code) })
  return (
    <fetcher.Form method="post" action={action} className="grant-revoke">
      <CsrfInput />
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="right_id" value={grant.id} />
      <Button type="submit" variant="ghost" size="sm" isPending={pending} aria-label={label}>
        <CloseIcon width={13} height={13} />
        {t('rights.revoke')}
      </Button>
    </fetcher.Form>
  )
}

function GrantForm({ action }: { action: string }) {
  const { t } = useAdminUsersT()
  const { fetcher, lastResult, pending } = useIntentResult('grant')
  const [form, fields] = useForm({
    id: 'user-grant',
    lastResult,
    constraint: getZodConstraint(grantFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: grantFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form grant-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="grant" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <NativeSelectField
          meta={fields.right_code}
          label={t('rights.code')}
          placeholder={t('rights.choose')}
          options={RIGHT_CODES.map((code) => ({ value: code, label: `${rightLabel(t, code)} (${code})` }))}
        />
        <TagField
          meta={fields.attributes}
          label={t('rights.attributes')}
          placeholder={t('rights.attributes_placeholder')}
        />
        <Button
          type="submit"
          variant="secondary"
          isPending={pending}
          isDisabled={submit.disabled && !pending}
        >
          {t('rights.grant')}
        </Button>
      </div>
      <p className="field-description">{t('rights.attributes_hint')}</p>
    </fetcher.Form>
  )
}
