import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod'
import { Form } from '@remix-run/react'
import { z } from 'zod'
import { CsrfInput } from '~/components/csrf-input'
import { Button } from '~/components/ui/button'
import { NativeSelectField } from '~/components/ui/native-select-field'
import { useSubmitDisabled } from '~/components/ui/use-submit-disabled'
import { AdminTextField, useErrorText } from './fields'
import { TrashIcon } from './icons'
import {
  FONT_ACCEPT,
  FONT_STYLES,
  FONT_WEIGHTS,
  fontAddSchema,
  LOGO_MAX_KB,
  parseSection,
  themeSchema,
} from './schemas'
import { DefaultSubmit, FormAlerts, SaveButton, SectionCard } from './section'
import { useAdminT } from './use-admin-t'

interface ThemeFormProps {
  css: string
  base: string
  lastResult?: SubmissionResult<string[]>
}

/**
 * The node theme's CSS (spec §4), rendered into every page after the font faces. The upstream's one
 * rule decides what may be saved (domain/nodes/theme-css.ts); a refusal names the line. Saving
 * bumps the node's version, the key the browsers' theme cache is refreshed by.
 */
export function ThemeForm({ css, base, lastResult }: ThemeFormProps) {
  const { t } = useAdminT()
  const errorText = useErrorText()
  const [form, fields] = useForm({
    id: 'admin-ui-theme',
    defaultValue: { css },
    lastResult,
    constraint: getZodConstraint(themeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseSection(formData, themeSchema),
  })
  const submit = useSubmitDisabled(form)
  const meta = fields.css
  const errors = meta.errors ?? []
  const hintId = `${meta.id}-hint`
  const errorId = `${meta.id}-error`
  return (
    <SectionCard id="theme" title={t('ui.theme.title')} description={t('ui.theme.description')}>
      <Form method="post" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="theme" />
        <div className="field">
          <label className="field-label" htmlFor={meta.id}>
            {t('ui.theme.css')}
          </label>
          <textarea
            key={meta.key}
            id={meta.id}
            name={meta.name}
            className="input textarea aui-code"
            rows={14}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            defaultValue={meta.initialValue ?? ''}
            maxLength={meta.maxLength}
            placeholder={':root {\n  --accent: #4f8cff;\n}\nbody { font-family: "Brand Sans", sans-serif; }'}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={errors.length > 0 ? `${hintId} ${errorId}` : hintId}
          />
          <p id={hintId} className="aui-hint">
            {t('ui.theme.css.hint', { max: meta.maxLength })}
          </p>
          {errors.length > 0 ? (
            <p className="field-error" id={errorId}>
              {errorText(errors, meta)}
            </p>
          ) : null}
        </div>
        <div className="aui-actions">
          <SaveButton intent="theme:save" disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}

export interface FontSummary {
  family: string
  weight: string
  style: string
  format: string
  kb: number | null
}

interface FontsFormProps {
  fonts: FontSummary[]
  base: string
  lastResult?: SubmissionResult<string[]>
}

const anything = z.object({})

/**
 * The theme's font faces: each stored face with a sample in its own font (the page's theme already
 * loads it) and a remove button; below, a new face's family, weight, style and file (multipart; the
 * action reads the bytes).
 */
export function FontsForm({ fonts, base, lastResult }: FontsFormProps) {
  const { t } = useAdminT()
  const errorText = useErrorText()
  const [form, fields] = useForm<z.input<typeof fontAddSchema>>({
    id: 'admin-ui-fonts',
    defaultValue: { weight: '400', style: 'normal' },
    lastResult,
    constraint: getZodConstraint(fontAddSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // Removing a face needs no new one filled in.
    onValidate: ({ formData }) =>
      parseSection(
        formData,
        (String(formData.get('intent')).startsWith('fonts:remove:')
          ? anything
          : fontAddSchema) as typeof fontAddSchema,
      ),
  })
  const submit = useSubmitDisabled(form)
  const file = fields.file
  const fileErrors = file.errors ?? []
  return (
    <SectionCard
      id="fonts"
      title={t('ui.fonts.title')}
      description={t('ui.fonts.description', { max: LOGO_MAX_KB })}
    >
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="aui-form">
        <CsrfInput />
        <DefaultSubmit intent="fonts:add" />
        <input type="hidden" name="base" value={base} />
        <FormAlerts id={form.errorId} errors={form.errors} section="fonts" />
        {fonts.length ? (
          <ul className="aui-font-list" aria-label={t('ui.fonts.list')}>
            {fonts.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the stored order is the identity (remove by index)
              <li key={i} className="aui-font-row" data-testid="font-face">
                <div className="aui-font-meta">
                  <span className="aui-font-family">{f.family}</span>
                  <span className="aui-hint">
                    {[
                      t(`ui.fonts.weight.${f.weight}`, { defaultValue: f.weight }),
                      t(`ui.fonts.style.${f.style}`, { defaultValue: f.style }),
                      f.format.toUpperCase(),
                      f.kb !== null ? t('ui.fonts.kb', { kb: f.kb }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </div>
                <span
                  className="aui-font-sample"
                  style={{
                    fontFamily: `"${f.family}", var(--font)`,
                    fontWeight: f.weight,
                    fontStyle: f.style,
                  }}
                >
                  {t('ui.fonts.sample')}
                </span>
                <Button
                  type="submit"
                  name="intent"
                  value={`fonts:remove:${i}`}
                  variant="ghost"
                  size="sm"
                  aria-label={`${t('ui.fonts.remove')}: ${f.family}`}
                >
                  <TrashIcon width={14} height={14} />
                  {t('ui.fonts.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="aui-hint">{t('ui.fonts.none')}</p>
        )}
        <fieldset className="aui-font-add">
          <legend className="field-label">{t('ui.fonts.add')}</legend>
          <div className="aui-font-add-grid">
            <AdminTextField meta={fields.family} label={t('ui.fonts.family')} placeholder="Brand Sans" />
            <NativeSelectField
              meta={fields.weight as never}
              label={t('ui.fonts.weight')}
              options={FONT_WEIGHTS.map((w) => ({ value: w, label: t(`ui.fonts.weight.${w}`) }))}
            />
            <NativeSelectField
              meta={fields.style as never}
              label={t('ui.fonts.style')}
              options={FONT_STYLES.map((s) => ({ value: s, label: t(`ui.fonts.style.${s}`) }))}
            />
            <div className="field">
              <label className="field-label" htmlFor={file.id}>
                {t('ui.fonts.file')}
              </label>
              <input
                id={file.id}
                name={file.name}
                type="file"
                accept={FONT_ACCEPT}
                className="aui-file"
                aria-invalid={fileErrors.length ? true : undefined}
                aria-describedby={fileErrors.length ? `${file.id}-error` : undefined}
              />
              {fileErrors.length ? (
                <p id={`${file.id}-error`} className="field-error">
                  {errorText(fileErrors, { maxLength: LOGO_MAX_KB })}
                </p>
              ) : null}
            </div>
          </div>
        </fieldset>
        <div className="aui-actions">
          <SaveButton intent="fonts:add" label={t('ui.fonts.add')} disabled={submit.disabled} />
        </div>
      </Form>
    </SectionCard>
  )
}
