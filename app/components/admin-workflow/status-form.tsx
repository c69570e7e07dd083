import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { ColorField } from '../ui/color-field'
import { FormErrors } from '../ui/form-errors'
import { TextAreaField } from '../ui/text-area-field'
import { TextField } from '../ui/text-field'
import { FormActions } from './form-actions'
import { statusFormSchema } from './schemas'
import type { StatusRow } from './statuses-table'
import { useWorkflowT } from './use-workflow-t'

/** The dot of a new status until one is chosen (the upstream's default). */
export const DEFAULT_STATUS_COLOR = '#9e9e9e'

interface StatusFormProps {
  action: string
  /** The stored status (Editing), or none (Add). */
  status?: StatusRow
  cancelHref?: string
}

/** Add and Editing of a status: name, colour, description. */
export function StatusForm({ action, status, cancelHref }: StatusFormProps) {
  const { t } = useWorkflowT()
  const intent = status ? 'save' : 'create'
  const { fetcher, lastResult, pending } = useIntentResult(intent)
  const [form, fields] = useForm({
    id: `status-${intent}`,
    lastResult,
    defaultValue: status,
    constraint: getZodConstraint(statusFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statusFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid form-grid-name-color">
        <TextField
          meta={fields.name}
          label={t('workflow.field.name')}
          autoComplete="off"
          autoFocus={!status}
        />
        <ColorField meta={fields.color} label={t('statuses.field.color')} fallback={DEFAULT_STATUS_COLOR} />
      </div>
      <TextAreaField meta={fields.description} label={t('workflow.field.description')} />
      <FormActions creating={!status} cancelHref={cancelHref} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}
