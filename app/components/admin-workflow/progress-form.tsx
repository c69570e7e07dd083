import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { FormErrors } from '../ui/form-errors'
import { TextField } from '../ui/text-field'
import { FormActions } from './form-actions'
import type { ProgressRow } from './progress-table'
import { progressFormSchema } from './schemas'
import { StatusOrder } from './status-order'
import type { StatusRow } from './statuses-table'
import { useWorkflowT } from './use-workflow-t'

interface ProgressFormProps {
  action: string
  progress?: ProgressRow
  /** Every status of the node, to add from. */
  statuses: StatusRow[]
  cancelHref?: string
}

/** Add and Editing of a progress: its name, and its statuses in order (ADR 009: written whole). */
export function ProgressForm({ action, progress, statuses, cancelHref }: ProgressFormProps) {
  const { t } = useWorkflowT()
  const intent = progress ? 'save' : 'create'
  const { fetcher, lastResult, pending } = useIntentResult(intent)
  const [form, fields] = useForm<{ name: string; status_ids: string[] }>({
    id: `progress-${intent}`,
    lastResult,
    defaultValue: { name: progress?.name ?? '', status_ids: progress?.statuses.map((s) => s.id) ?? [] },
    constraint: getZodConstraint(progressFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: progressFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {/* Enter in the name saves (the first submit button of a form is its default). */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <TextField
        meta={fields.name}
        label={t('workflow.field.name')}
        autoComplete="off"
        autoFocus={!progress}
      />
      <StatusOrder form={form} meta={fields.status_ids} statuses={statuses} />
      <FormActions
        creating={!progress}
        cancelHref={cancelHref}
        pending={pending}
        disabled={submit.disabled}
      />
    </fetcher.Form>
  )
}
