import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { CloseIcon, PlusIcon } from '../ui/icons'
import { NativeSelectField } from '../ui/native-select-field'
import { memberFormSchema } from './schemas'
import { useWorkflowT } from './use-workflow-t'

export interface Member {
  id: string
  name: string
  email: string
}

/**
 * Editing → the team's members (POST /teams/bind-team): each with a remove button, then a form to
 * add one of the node's other users. Each is its own small form, so each works without JavaScript.
 */
export function TeamMembers({
  action,
  members,
  others,
}: {
  action: string
  members: Member[]
  others: Member[]
}) {
  const { t } = useWorkflowT()
  return (
    <>
      {members.length === 0 ? (
        <p className="muted">{t('teams.members.empty')}</p>
      ) : (
        <ul className="member-list" aria-label={t('teams.members.heading')}>
          {members.map((m) => (
            <li key={m.id} className="member">
              <span className="member-name">{m.name}</span>
              <span className="member-email">{m.email}</span>
              <RemoveMember action={action} member={m} />
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <AddMember key={members.map((m) => m.id).join()} action={action} others={others} />
      ) : null}
    </>
  )
}

function RemoveMember({ action, member }: { action: string; member: Member }) {
  const { t } = useWorkflowT()
  const { fetcher, pending } = useIntentResult('remove_member')
  return (
    <fetcher.Form method="post" action={action}>
      <CsrfInput />
      <input type="hidden" name="intent" value="remove_member" />
      <input type="hidden" name="user_id" value={member.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        isPending={pending}
        aria-label={t('teams.members.remove_label', { name: member.name })}
      >
        <CloseIcon width={13} height={13} />
        {t('teams.members.remove')}
      </Button>
    </fetcher.Form>
  )
}

function AddMember({ action, others }: { action: string; others: Member[] }) {
  const { t } = useWorkflowT()
  const { fetcher, lastResult, pending } = useIntentResult('add_member')
  const [form, fields] = useForm({
    id: 'team-add-member',
    lastResult,
    constraint: getZodConstraint(memberFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: memberFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form member-add">
      <CsrfInput />
      <input type="hidden" name="intent" value="add_member" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <NativeSelectField
          meta={fields.user_id}
          label={t('teams.members.user')}
          placeholder={t('teams.members.choose')}
          options={others.map((u) => ({ value: u.id, label: `${u.name} · ${u.email}` }))}
        />
        <Button
          type="submit"
          variant="secondary"
          isPending={pending}
          isDisabled={submit.disabled && !pending}
        >
          <PlusIcon width={14} height={14} />
          {t('teams.members.add')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
