import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { Button } from '../ui/button'
import { FormErrors } from '../ui/form-errors'
import { TextField } from '../ui/text-field'
import { passwordFormSchema } from './schemas'
import { useAdminUsersT } from './use-admin-users-t'

/**
 * Editing → password reset: the administrator sets a new password (the upstream requires is_admin in
 * every node the user is in, and signs out the user's other sessions).
 */
export function UserPasswordForm({ action }: { action: string }) {
  const { t } = useAdminUsersT()
  const { fetcher, lastResult, pending } = useIntentResult('password')
  const [form, fields] = useForm({
    id: 'user-password',
    lastResult,
    constraint: getZodConstraint(passwordFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form form-inline">
      <CsrfInput />
      <input type="hidden" name="intent" value="password" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-row">
        <TextField
          meta={fields.password}
          label={t('field.new_password')}
          type="password"
          autoComplete="new-password"
        />
        <Button
          type="submit"
          variant="secondary"
          isPending={pending}
          isDisabled={submit.disabled && !pending}
        >
          {t('password.submit')}
        </Button>
      </div>
    </fetcher.Form>
  )
}
