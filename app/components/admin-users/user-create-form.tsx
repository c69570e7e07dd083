import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Link } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { TextField } from '../ui/text-field'
import { createUserFormSchema } from './schemas'
import { useAdminUsersT } from './use-admin-users-t'

interface UserCreateFormProps {
  /** Where the form posts (the Add route, with the list's query). */
  action: string
  cancelHref: string
}

/** Add: the sign-in email and a first password, then the optional full name and contacts. */
export function UserCreateForm({ action, cancelHref }: UserCreateFormProps) {
  const { t } = useAdminUsersT()
  const { fetcher, lastResult, pending } = useIntentResult('create')
  const [form, fields] = useForm({
    id: 'user-create',
    lastResult,
    constraint: getZodConstraint(createUserFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  const fio = fields.fio.getFieldset()
  const contacts = fields.contacts.getFieldset()
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid">
        <TextField meta={fields.email} label={t('field.email')} type="email" autoComplete="off" autoFocus />
        <TextField
          meta={fields.password}
          label={t('field.password')}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <fieldset className="form-group">
        <legend className="form-legend">{t('profile.fio')}</legend>
        <div className="form-grid form-grid-3">
          <TextField meta={fio.surname} label={t('field.fio.surname')} autoComplete="off" />
          <TextField meta={fio.name} label={t('field.fio.name')} autoComplete="off" />
          <TextField meta={fio.middlename} label={t('field.fio.middlename')} autoComplete="off" />
        </div>
      </fieldset>
      <fieldset className="form-group">
        <legend className="form-legend">{t('profile.contacts')}</legend>
        <div className="form-grid">
          <TextField
            meta={contacts.email}
            label={t('field.contacts.email')}
            type="email"
            autoComplete="off"
            placeholder={t('new.contact_email_placeholder')}
          />
          <TextField meta={contacts.phone} label={t('field.contacts.phone')} autoComplete="off" />
        </div>
      </fieldset>
      <div className="form-actions">
        <Link to={cancelHref} preventScrollReset className="button button-secondary">
          {t('actions.cancel')}
        </Link>
        <Button type="submit" isPending={pending} isDisabled={submit.disabled && !pending}>
          {t('new.submit')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
