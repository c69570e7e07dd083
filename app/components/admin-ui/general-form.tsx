import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { AdminToggle } from './fields'
import { LocaleSelect } from './locale-select'
import { type GeneralValue, generalSchema, parseSection } from './schemas'
import { FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

interface GeneralFormProps {
  value: GeneralValue
  base: string
  lastResult?: SubmissionResult<string[]>
}

/** The node's default language and the no_left_menu / no_top_menu switches (spec §1, §2). */
export function GeneralForm({ value, base, lastResult }: GeneralFormProps) {
  const { t } = useAdminT()
  const [form, fields] = useForm({
    id: 'admin-ui-general',
    defaultValue: value,
    lastResult,
    constraint: getZodConstraint(generalSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSection(formData, generalSchema),
  })
  const submit = useSubmitDisabled(form)
  return (
    <SectionCard id="general" title={t('ui.general.title')} description={t('ui.general.description')}>
      <Form method="post" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="general" />
        <div className="aui-narrow">
          <LocaleSelect
            meta={fields.locale}
            label={t('ui.general.locale')}
            description={t('ui.general.locale.hint')}
          />
        </div>
        <div className="aui-toggles">
          <AdminToggle
            meta={fields.no_left_menu}
            label={t('ui.general.no_left_menu')}
            description={t('ui.general.no_left_menu.hint')}
          />
          <AdminToggle
            meta={fields.no_top_menu}
            label={t('ui.general.no_top_menu')}
            description={t('ui.general.no_top_menu.hint')}
          />
        </div>
        <div className="aui-actions">
          <SaveButton intent="general:save" disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}
