import type { FieldDefinition } from '@domain/fields/types'
import type { ReactNode } from 'react'
import { CloseIcon } from '~/components/ui/icons'
import { showsClear, showsErrors } from './flags'
import type { FieldFlags } from './types'
import { useFieldsT } from './use-fields-t'

/** The id of a field's error list, for `aria-describedby` on its control. */
export const errorIdOf = (id: string) => `${id}-errors`

/** The id of a field's label, for `aria-labelledby` on react-aria controls. */
export const labelIdOf = (id: string) => `${id}-label`

/** Catalogue codes in the user's language, with the definition's limits ({max}, {min}). */
export function useErrorTexts() {
  const { t } = useFieldsT()
  return (codes: readonly string[] | undefined, def?: FieldDefinition) =>
    [...new Set(codes ?? [])].map((code) =>
      t(code, {
        max: code === 'value_error.list.max_items' ? 1 : def?.settings.max_length,
        min: def?.settings.min_length,
      }),
    )
}

/** The error list (spec §5): only when there are errors and the field is editable. */
export function ErrorList({
  id,
  errors,
  def,
  flags,
}: {
  id: string
  errors: readonly string[] | undefined
  def?: FieldDefinition
  flags: FieldFlags
}) {
  const texts = useErrorTexts()(errors, def)
  if (!showsErrors(errors, flags)) return null
  return (
    <ul className="ff-errors field-error" id={errorIdOf(id)}>
      {texts.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  )
}

/** The × of a clearable field (spec §5): clearable, non-empty, editable. */
export function ClearButton({
  empty,
  flags,
  onClear,
  label,
}: {
  empty: boolean
  flags: FieldFlags
  onClear: () => void
  label: string
}) {
  const { t } = useFieldsT()
  if (!showsClear(empty, flags)) return null
  return (
    <button
      type="button"
      className="ff-clear"
      aria-label={`${t('fields.clear')}: ${label}`}
      onClick={onClear}
      data-testid="field-clear"
    >
      <CloseIcon width={14} height={14} />
    </button>
  )
}

interface FrameProps {
  id: string
  label: string
  type: string
  flags: FieldFlags
  errors?: readonly string[]
  def?: FieldDefinition
  /** A group of controls (radio, code boxes, composites): a fieldset with a legend, no label. */
  group?: boolean
  /** The label is drawn by the control itself (a checkbox's text). */
  ownLabel?: boolean
  children: ReactNode
}

/**
 * What every field has around its control: the label (or legend), the loading mark and the error
 * list. Data attributes carry the flags for styles and tests.
 */
export function FieldFrame({ id, label, type, flags, errors, def, group, ownLabel, children }: FrameProps) {
  const { t } = useFieldsT()
  const invalid = showsErrors(errors, flags)
  const attrs = {
    className: 'ff',
    'data-type': type,
    'data-disabled': flags.disabled || undefined,
    'data-readonly': flags.readonly || undefined,
    'data-loading': flags.loading || undefined,
    'data-invalid': invalid || undefined,
    'aria-busy': flags.loading || undefined,
  }
  const loading = flags.loading ? (
    <span className="ff-loading" role="status">
      <span className="ff-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('fields.loading')}</span>
    </span>
  ) : null
  if (group)
    return (
      <fieldset
        {...attrs}
        disabled={flags.disabled || undefined}
        aria-describedby={invalid ? errorIdOf(id) : undefined}
      >
        <legend className="field-label ff-label" id={labelIdOf(id)}>
          {label}
          {loading}
        </legend>
        {children}
        <ErrorList id={id} errors={errors} def={def} flags={flags} />
      </fieldset>
    )
  return (
    <div {...attrs}>
      {ownLabel ? (
        <div className="ff-inline">
          {children}
          {loading}
        </div>
      ) : (
        <label className="field-label ff-label" htmlFor={id} id={labelIdOf(id)}>
          {label}
          {loading}
        </label>
      )}
      {ownLabel ? null : children}
      <ErrorList id={id} errors={errors} def={def} flags={flags} />
    </div>
  )
}
