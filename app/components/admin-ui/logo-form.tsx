import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '~/components/ui/button'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { useErrorText } from './fields'
import { ImageIcon, TrashIcon } from './icons'
import { LOGO_ACCEPT, LOGO_MAX_KB, LOGO_SLOTS, type LogoSlot, logoSchema, parseSection } from './schemas'
import { DefaultSubmit, FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

const anything = z.object({})

interface LogoFormProps {
  logo: Record<LogoSlot, string>
  base: string
  lastResult?: SubmissionResult<string[]>
}

/**
 * Main, small and favicon images: each a file input with the stored image beside it, and a remove
 * button. One upload posts whichever files were chosen (multipart); the action reads the bytes.
 */
export function LogoForm({ logo, base, lastResult }: LogoFormProps) {
  const { t } = useAdminT()
  const [form, fields] = useForm<z.input<typeof logoSchema>>({
    id: 'admin-ui-logo',
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // Removing an image needs no valid file in the other inputs.
    onValidate: ({ formData }) =>
      parseSection(
        formData,
        String(formData.get('intent')).startsWith('logo:remove:') ? anything : logoSchema,
      ),
  })
  const submit = useSubmitDisabled(form)
  return (
    <SectionCard
      id="logo"
      title={t('ui.logo.title')}
      description={t('ui.logo.description', { max: LOGO_MAX_KB })}
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <DefaultSubmit intent="logo:save" />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="logo" />
        <div className="aui-logo-grid">
          {LOGO_SLOTS.map((slot) => (
            <LogoSlotField
              key={slot}
              slot={slot}
              stored={logo[slot]}
              inputId={fields[slot].id}
              name={fields[slot].name}
              errors={fields[slot].errors}
            />
          ))}
        </div>
        <div className="aui-actions">
          <SaveButton intent="logo:save" label={t('ui.logo.upload')} disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}

interface SlotProps {
  slot: LogoSlot
  stored: string
  inputId: string
  name: string
  errors?: string[]
}

function LogoSlotField({ slot, stored, inputId, name, errors }: SlotProps) {
  const { t } = useAdminT()
  const errorText = useErrorText()
  // With JavaScript, the chosen file shows before it is uploaded (a blob: URL, allowed by the CSP).
  const [chosen, setChosen] = useState<string | null>(null)
  useEffect(() => () => void (chosen && URL.revokeObjectURL(chosen)), [chosen])
  // A new stored image (after saving) replaces the local preview.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the stored image changes
  useEffect(() => setChosen(null), [stored])

  const preview = chosen ?? stored
  const label = t(`ui.logo.${slot}`)
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  return (
    <div className={`aui-logo-slot${errors?.length ? ' is-invalid' : ''}`} data-slot={slot}>
      <div className={`aui-logo-preview aui-logo-preview-${slot}`} data-testid={`logo-preview-${slot}`}>
        {preview ? (
          <img src={preview} alt={label} data-state={chosen ? 'chosen' : 'stored'} />
        ) : (
          <span className="aui-logo-empty">
            <ImageIcon width={20} height={20} />
            {t('ui.logo.none')}
          </span>
        )}
        {chosen ? <span className="aui-logo-badge">{t('ui.logo.selected')}</span> : null}
      </div>
      <div className="aui-logo-meta">
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        <p id={hintId} className="aui-hint">
          {t(`ui.logo.${slot}.hint`)}
        </p>
        <input
          id={inputId}
          name={name}
          type="file"
          accept={LOGO_ACCEPT}
          className="aui-file"
          aria-describedby={errors?.length ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errors?.length ? true : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            setChosen(file ? URL.createObjectURL(file) : null)
          }}
        />
        {errors?.length ? (
          <p id={errorId} className="field-error">
            {errorText(errors)}
          </p>
        ) : null}
        {stored ? (
          <Button
            type="submit"
            name="intent"
            value={`logo:remove:${slot}`}
            variant="ghost"
            size="sm"
            className="aui-logo-remove"
            aria-label={`${t('ui.logo.remove')}: ${label}`}
          >
            <TrashIcon width={14} height={14} />
            {t('ui.logo.remove')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}
