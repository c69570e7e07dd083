import type { FieldDefinition } from '@domain/fields/types'
import { Form, useNavigation } from '@remix-run/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import type { ChoiceOption } from '~/fields/options'
import { getFieldComponent } from '~/fields/registry'
import { useFieldsT } from '~/fields/use-fields-t'

/*
 * The edit of a bulk edit: the status (only those the workflow allows from the selected tasks'
 * statuses, each with how many tasks may take it and what it requires), the assignee and the common
 * custom fields, each field changing only when its "Change" box is ticked. Preview posts the dry run;
 * Apply (once previewed) makes the batch. Plain form posts: it works without JavaScript.
 */

export interface StatusOffer {
  status_id: string
  name: string
  color: string
  allowed: number
  required: string[]
}

export interface BulkOffer {
  total: number
  exact: boolean
  statuses: StatusOffer[]
  assignee: FieldDefinition | null
  fields: FieldDefinition[]
  options: Record<string, ChoiceOption[]>
  titles: Record<string, string>
}

export interface Posted {
  status: string
  changed: string[]
  values: Record<string, unknown>
}

/** A field's title: text the administrator typed, or an i18n key of a system field. */
const titleOf = (titles: Record<string, string>, name: string) => titles[name] ?? `fields.system.${name}`

export function BulkEditForm({
  offer,
  hidden,
  posted,
  errors,
  formErrors,
  canApply,
  applyCount,
}: {
  offer: BulkOffer
  hidden: [string, string][]
  posted: Posted | null
  errors: Record<string, string[]>
  formErrors: string[]
  canApply: boolean
  applyCount: number
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const status = posted?.status ?? ''
  const defs = [...(offer.assignee ? [offer.assignee] : []), ...offer.fields]
  return (
    <Form method="post" className="card bulk-form" data-testid="bulk-form" aria-labelledby="bulk-edit-title">
      <h2 id="bulk-edit-title" className="bulk-section-title">
        {t('bulk.edit.title')}
      </h2>
      <CsrfInput />
      {hidden.map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the selection's inputs, in order
        <input key={i} type="hidden" name={name} value={value} />
      ))}
      {formErrors.length ? (
        <div className="alert alert-warning" role="alert" data-testid="bulk-form-errors">
          <ul className="alert-text bulk-reasons">
            {formErrors.map((code) => (
              <li key={code}>{t(code)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="bulk-statuses" data-testid="bulk-statuses">
        <legend>{t('bulk.edit.status')}</legend>
        <label className="bulk-status">
          <input type="radio" name="status_id" value="" defaultChecked={status === ''} />
          <span className="bulk-status-name">{t('bulk.edit.status_keep')}</span>
        </label>
        {offer.statuses.map((s) => (
          <label key={s.status_id} className="bulk-status">
            <input
              type="radio"
              name="status_id"
              value={s.status_id}
              defaultChecked={status === s.status_id}
            />
            <span className="bulk-status-name">
              <span
                className="bulk-dot"
                style={{ background: s.color || 'var(--text-faint)' }}
                aria-hidden="true"
              />
              {s.name}
            </span>
            <span className="bulk-status-note">
              {t('bulk.edit.status_allowed', { count: s.allowed, total: offer.total })}
              {s.required.length
                ? ` · ${t('bulk.edit.status_requires', {
                    fields: s.required.map((f) => t(titleOf(offer.titles, f))).join(', '),
                  })}`
                : ''}
            </span>
          </label>
        ))}
        {offer.statuses.length === 0 ? <p className="muted">{t('bulk.edit.no_moves')}</p> : null}
      </fieldset>
      {defs.length ? (
        <div className="bulk-fields">
          {defs.map((def) => (
            <BulkField
              key={def.name}
              def={def}
              changed={posted?.changed.includes(def.name) ?? false}
              value={posted?.values[def.name]}
              errors={errors[def.name] ?? []}
              options={offer.options[def.name]}
            />
          ))}
        </div>
      ) : (
        <p className="muted">{t('bulk.edit.no_fields')}</p>
      )}
      <div className="form-actions bulk-actions">
        <button
          type="submit"
          name="intent"
          value="preview"
          className={`button ${canApply ? 'button-secondary' : 'button-primary'}`}
          disabled={busy}
        >
          {t('bulk.edit.preview')}
        </button>
        {canApply ? (
          <button type="submit" name="intent" value="apply" className="button button-primary" disabled={busy}>
            {t('bulk.edit.apply', { count: applyCount })}
          </button>
        ) : null}
      </div>
    </Form>
  )
}

/**
 * One field with its "Change" box. With JavaScript, typing in the field ticks the box (the field's
 * controls send bubbling input events, app/fields/use-form-notice.tsx).
 */
function BulkField({
  def,
  changed,
  value,
  errors,
  options,
}: {
  def: FieldDefinition
  changed: boolean
  value: unknown
  errors: string[]
  options: ChoiceOption[] | undefined
}) {
  const { t } = useTranslation()
  const { t: ft } = useFieldsT()
  const Component = getFieldComponent(def.type)
  const id = `bulk-${def.name.replace(/[^\w-]/g, '-')}`
  const tick = (event: FormEvent<HTMLDivElement>) => {
    const box = event.currentTarget.querySelector<HTMLInputElement>('input[name="change"]')
    if (box && event.target !== box) box.checked = true
  }
  const label = ft(def.title)
  return (
    <div className="bulk-field" data-field={def.name} onInput={tick} onChange={tick}>
      <label className="bulk-change">
        <input type="checkbox" name="change" value={def.name} defaultChecked={changed} />
        <span>{t('bulk.edit.change', { field: label })}</span>
      </label>
      <Component
        def={def}
        name={def.name}
        id={id}
        label={label}
        defaultValue={value}
        errors={errors}
        options={options}
        clearable
      />
    </div>
  )
}
