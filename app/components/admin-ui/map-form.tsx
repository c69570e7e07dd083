import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { LOCALES } from '@domain/nodes/settings-schema'
import { Form } from '@remix-run/react'
import { CsrfInput } from '~/components/csrf-input'
import { NativeSelectField } from '~/components/ui/native-select-field'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { AdminTextField } from './fields'
import { mapSchema, parseSection } from './schemas'
import { FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

interface MapFormProps {
  value: { style_url: string; key: string; language: string }
  base: string
  lastResult?: SubmissionResult<string[]>
}

/**
 * The map widgets' tiles (PRODUCT.md §10): a style URL and its key, the labels' language. Empty:
 * the public keyless style; a widget's own style URL overrides this one.
 */
export function MapForm({ value, base, lastResult }: MapFormProps) {
  const { t } = useAdminT()
  const [form, fields] = useForm({
    id: 'admin-ui-map',
    defaultValue: value,
    lastResult,
    constraint: getZodConstraint(mapSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSection(formData, mapSchema),
  })
  const submit = useSubmitDisabled(form)
  return (
    <SectionCard id="map" title={t('ui.map.title')} description={t('ui.map.description')}>
      <Form method="post" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="map" />
        <div className="aui-narrow">
          <AdminTextField
            meta={fields.style_url}
            label={t('ui.map.style_url')}
            description={t('ui.map.style_url.hint')}
            type="url"
            placeholder="https://…/style.json"
          />
          <AdminTextField meta={fields.key} label={t('ui.map.key')} description={t('ui.map.key.hint')} />
          <NativeSelectField
            meta={fields.language as never}
            label={t('ui.map.language')}
            placeholder={t('ui.map.language.interface')}
            options={LOCALES.map((l) => ({ value: l, label: t(`ui.map.language.${l}`) }))}
          />
        </div>
        <div className="aui-actions">
          <SaveButton intent="map:save" disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}
