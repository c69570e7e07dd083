import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { FormErrors } from '../ui/form-errors'
import { TextAreaField } from '../ui/text-area-field'
import { TextField } from '../ui/text-field'
import { FormActions } from './form-actions'
import { teamFormSchema } from './schemas'
import { useWorkflowT } from './use-workflow-t'

interface TeamFormProps {
  action: string
  team?: { name: string; description: string }
  cancelHref?: string
}

/** Add and Editing of a team: its name and description. */
export function TeamForm({ action, team, cancelHref }: TeamFormProps) {
  const { t } = useWorkflowT()
  const intent = team ? 'save' : 'create'
  const { fetcher, lastResult, pending } = useIntentResult(intent)
  const [form, fields] = useForm({
    id: `team-${intent}`,
    lastResult,
    defaultValue: team,
    constraint: getZodConstraint(teamFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField meta={fields.name} label={t('workflow.field.name')} autoComplete="off" autoFocus={!team} />
      <TextAreaField meta={fields.description} label={t('workflow.field.description')} />
      <FormActions creating={!team} cancelHref={cancelHref} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}
