import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useIntentResult } from '../admin/use-intent-result'
import { FormErrors } from '../ui/form-errors'
import { NativeSelectField } from '../ui/native-select-field'
import { TextAreaField } from '../ui/text-area-field'
import { TextField } from '../ui/text-field'
import { useHydrated } from '../ui/use-hydrated'
import { type FieldRuleDraft, FieldRuleRows } from './field-rule-rows'
import { FormActions } from './form-actions'
import type { ProgressRow } from './progress-table'
import { type ProcessFormValue, type ProcessRow, processDraft, processFormSchema } from './schemas'
import { type TransitionDraft, TransitionRows } from './transition-rows'
import { useWorkflowT } from './use-workflow-t'

/** What a process is made of, to choose from. */
export interface ProcessChoices {
  progress: ProgressRow[]
  forms: { id: string; name: string }[]
  teams: { id: string; name: string }[]
  /** The node's field names (system and custom), suggested for rules and required fields. */
  fields: string[]
}

type ProcessDraft = {
  key: string
  name: string
  description: string
  progress_id: string
  form_id: string
  transitions: TransitionDraft[]
  field_rules: FieldRuleDraft[]
}

interface ProcessFormProps {
  action: string
  process?: ProcessRow
  choices: ProcessChoices
  cancelHref?: string
}

/**
 * Add and Editing of a process: key, name, description, progress, form, then its transitions and
 * per-status field rules as repeatable rows. Saved whole (the rows replace the stored ones).
 */
export function ProcessForm({ action, process, choices, cancelHref }: ProcessFormProps) {
  const { t } = useWorkflowT()
  const hydrated = useHydrated()
  const intent = process ? 'save' : 'create'
  const { fetcher, lastResult, pending } = useIntentResult(intent)
  const [form, fields] = useForm<ProcessDraft, ProcessFormValue>({
    id: `process-${intent}`,
    lastResult,
    defaultValue: process ? processDraft(process) : { transitions: [], field_rules: [] },
    constraint: getZodConstraint(processFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: processFormSchema }),
  })
  const submit = useSubmitDisabled(form)
  // The statuses rows choose from: the chosen progress's (as it is chosen, with JavaScript).
  const progressId = fields.progress_id.value ?? fields.progress_id.initialValue
  const statuses = choices.progress.find((p) => p.id === progressId)?.statuses ?? []
  const fieldList = `${form.id}-fields`
  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="form process-form">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {/* Enter in a text field saves, rather than pressing the first row button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-grid process-head">
        <TextField
          meta={fields.key}
          label={t('processes.field.key')}
          autoComplete="off"
          autoFocus={!process}
          className="process-key-field"
        />
        <TextField meta={fields.name} label={t('workflow.field.name')} autoComplete="off" />
      </div>
      <p className="field-description">{t('processes.field.key_hint')}</p>
      <TextAreaField meta={fields.description} label={t('workflow.field.description')} rows={2} />
      <div className="form-grid">
        <div className="form-row">
          <NativeSelectField
            meta={fields.progress_id}
            label={t('processes.field.progress')}
            placeholder={t('processes.choose_progress')}
            options={choices.progress.map((p) => ({ value: p.id, label: p.name }))}
          />
          {hydrated ? null : (
            // Without JavaScript the rows learn a newly chosen progress's statuses from the server.
            <button
              {...form.validate.getButtonProps({ name: 'progress_id' })}
              formNoValidate
              className="button button-secondary"
            >
              {t('processes.show_statuses')}
            </button>
          )}
        </div>
        <NativeSelectField
          meta={fields.form_id}
          label={t('processes.field.form')}
          placeholder={t('processes.no_form')}
          options={choices.forms.map((f) => ({ value: f.id, label: f.name }))}
        />
      </div>
      <TransitionRows
        form={form}
        meta={fields.transitions as FieldMetadata<TransitionDraft[] | undefined>}
        statuses={statuses}
        teams={choices.teams}
      />
      <FieldRuleRows
        form={form}
        meta={fields.field_rules as FieldMetadata<FieldRuleDraft[] | undefined>}
        statuses={statuses}
        fieldList={fieldList}
      />
      <datalist id={fieldList}>
        {choices.fields.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <FormActions creating={!process} cancelHref={cancelHref} pending={pending} disabled={submit.disabled} />
    </fetcher.Form>
  )
}
