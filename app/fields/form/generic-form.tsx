import { FormProvider, getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { buildDefaults } from '@domain/fields/form'
import type { FieldDefinition } from '@domain/fields/types'
import { Form } from '@remix-run/react'
import { type ReactNode, useMemo } from 'react'
import { Button } from '~/components/ui/button'
import { FormErrors } from '~/components/ui/form-errors'
import { useHydrated } from '~/components/ui/use-hydrated'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useFieldsT } from '../use-fields-t'
import { type FormDescription, formFields, formSchemaOf } from './description'
import type { FormFieldServices } from './form-field'
import { FieldGrid, Sections, TabbedFields } from './form-layouts'
import { invalidTabs } from './tabs-state'

export interface GenericFormProps extends FormFieldServices {
  /** The form element's id (conform's form id). */
  id: string
  definitions: readonly FieldDefinition[]
  form: FormDescription
  /** Where it posts (the page's action by default). */
  action?: string
  /** The action's `submission.reply()`: its errors and the values sent, shown again. */
  lastResult?: SubmissionResult<string[]> | null
  /** Values to start from (stored shapes), over each definition's default. */
  defaultValue?: Record<string, unknown>
  submitLabel?: string
  /** Shown only (a view mode): no submit button; the form's editable list should be empty. */
  readOnly?: boolean
  /** Hidden inputs of the page (CSRF token, intent). */
  children?: ReactNode
}

/**
 * The generic form (spec §2 forms): field definitions rendered by their types' components in the
 * form's layout (simple, tabs or board), validated with conform by the domain's buildFormSchema —
 * the same schema the action parses with (`formSchemaOf`). With JavaScript, errors show as the
 * user leaves a field and Submit is disabled while the form is invalid; without it, the form
 * posts and the action answers with the same messages.
 */
export function GenericForm(props: GenericFormProps) {
  const { id, definitions, form, action, lastResult, defaultValue, submitLabel, readOnly, children } = props
  const { t } = useFieldsT()
  const hydrated = useHydrated()
  const schema = useMemo(() => formSchemaOf(definitions, form), [definitions, form])
  const validate = useMemo(() => (formData: FormData) => parseWithZod(formData, { schema }), [schema])
  const [conform] = useForm({
    id,
    lastResult,
    // Stored shapes (numbers, booleans, lists): conform serialises them as a form would post them.
    defaultValue: { ...buildDefaults(definitions), ...defaultValue } as Record<string, string>,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => validate(formData),
  })
  // The whole form's errors, touched fields or not: what disables Submit and the tabs after them.
  const { disabled, errorNames } = useSubmitDisabled(conform, validate)

  const fields = formFields(definitions, form)
  const services = { options: props.options, upload: props.upload }
  const layout = { fields, form, formId: id, services }
  const body =
    form.layout === 'simple' || !form.tabs?.length ? (
      <FieldGrid {...layout} />
    ) : form.layout === 'tabs' && hydrated ? (
      <TabbedFields {...layout} invalid={invalidTabs(form, errorNames)} />
    ) : (
      <Sections {...layout} columns={form.layout === 'board'} />
    )
  return (
    <FormProvider context={conform.context}>
      <Form
        method="post"
        action={action}
        {...getFormProps(conform)}
        className="gf"
        data-layout={form.layout}
        data-valid={hydrated ? String(errorNames.length === 0) : undefined}
        data-readonly={readOnly ? 'true' : undefined}
      >
        {children}
        <FormErrors errors={conform.errors} id={conform.errorId} />
        {body}
        {readOnly ? null : (
          <div className="gf-actions">
            <Button type="submit" isDisabled={disabled} data-testid="form-submit">
              {submitLabel ?? t('fields.form.submit')}
            </Button>
          </div>
        )}
      </Form>
    </FormProvider>
  )
}
