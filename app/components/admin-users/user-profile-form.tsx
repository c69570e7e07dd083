import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { TextField } from '../ui/text-field'
import { profileFormSchema } from './schemas'
import { useAdminUsersT } from './use-admin-users-t'

interface UserProfileFormProps {
  action: string
  user: {
    fio: { surname: string; name: string; middlename: string }
    contacts: { email: string; phone: string }
  }
}

/** Editing → the user's full name and contacts (PATCH /api/users/{id}?node_id=). */
export function UserProfileForm({ action, user }: UserProfileFormProps) {
  const { t } = useAdminUsersT()
  const { fetcher, lastResult, pending } = useIntentResult('profile')
  const [form, fields] = useForm({
    id: 'user-profile',
    lastResult,
    defaultValue: { fio: user.fio, contacts: user.contacts },
    constraint: getZodConstraint(profileFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  const fio = fields.fio.getFieldset()
  const contacts = fields.contacts.getFieldset()
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="profile" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid form-grid-3">
        <TextField meta={fio.surname} label={t('field.fio.surname')} autoComplete="off" />
        <TextField meta={fio.name} label={t('field.fio.name')} autoComplete="off" />
        <TextField meta={fio.middlename} label={t('field.fio.middlename')} autoComplete="off" />
      </div>
      <div className="form-grid">
        <TextField meta={contacts.email} label={t('field.contacts.email')} type="email" autoComplete="off" />
        <TextField meta={contacts.phone} label={t('field.contacts.phone')} autoComplete="off" />
      </div>
      <div className="form-actions">
        <Button type="submit" isPending={pending} isDisabled={submit.disabled && !pending}>
          {t('profile.save')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
