import { useId } from 'react'

export interface InputFieldProps {
  name: string
  label: string
  /** Already translated messages; the field is marked invalid when there are any. */
  errors?: string[]
  type?: 'text' | 'email' | 'password' | 'tel'
  defaultValue?: string
  required?: boolean
  maxLength?: number
  autoComplete?: string
  placeholder?: string
  autoFocus?: boolean
  /** The label for assistive technology only (a row of a table-like editor has column headers). */
  hideLabel?: boolean
  /** The id of a `<datalist>` of suggestions. */
  list?: string
  className?: string
}

/**
 * A labelled native input with its error tied by aria-describedby. No form library and no react-aria
 * underneath, so the sign-in page stays inside its JavaScript budget; it posts without JavaScript.
 * `required` is announced (aria-required), not enforced by the browser: the spec's own messages
 * come from the schema, on the server and in the browser alike.
 */
export function InputField({
  name,
  label,
  errors = [],
  type = 'text',
  defaultValue,
  required,
  maxLength,
  autoComplete,
  placeholder,
  autoFocus,
  hideLabel,
  list,
  className,
}: InputFieldProps) {
  const id = useId()
  const invalid = errors.length > 0
  const errorId = `${id}-error`
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'field-label'} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        name={name}
        type={type}
        defaultValue={defaultValue}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        autoComplete={autoComplete}
        placeholder={placeholder}
        autoFocus={autoFocus}
        maxLength={maxLength}
        list={list}
      />
      {invalid ? (
        <span id={errorId} className="field-error">
          {errors.join(' ')}
        </span>
      ) : null}
    </div>
  )
}
