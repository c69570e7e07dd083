import { type ReactNode, useState } from 'react'
import { Input } from 'react-aria-components/ColorField'
import { TextField } from 'react-aria-components/TextField'
import { AppendIcon, appendIconFor } from '../append-icon'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { isEditable, showsErrors } from '../flags'
import type { FieldProps } from '../types'
import { textOf } from '../values'

export interface TextInputOptions {
  type?: 'text' | 'email' | 'password' | 'tel' | 'search'
  inputMode?: 'text' | 'numeric' | 'tel' | 'email'
  autoComplete?: string
  /** What the input shows for what was typed (digits only, a mask); applied on every change. */
  transform?: (raw: string) => string
  /** Native pattern, so a browser without JavaScript checks the shape too. */
  pattern?: string
  maxLength?: number
  /** Buttons inside the input's box (copy, show password), after the clear button. */
  adornment?: (value: string) => ReactNode
  /** Something under the input (the QR code, the progress bar). */
  below?: (value: string) => ReactNode
  className?: string
}

/**
 * One line of text: react-aria's TextField over a native input that posts under `name` with or
 * without JavaScript. The other one-line types (email, password, number, phone, code, text_copy,
 * qrcode, progress) are this with options.
 */
export function TextInput(props: FieldProps & { input?: TextInputOptions }) {
  const { def, name, id, label, errors, input: options = {} } = props
  const transform = options.transform ?? ((s: string) => s)
  const [value, setValue] = useState(() => transform(textOf(props.defaultValue)))
  const flags = props
  const invalid = showsErrors(errors, flags)
  const icon = appendIconFor(props)
  const change = (raw: string) => {
    const next = transform(raw)
    setValue(next)
    props.onValueChange?.(next)
  }
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={flags} errors={errors} def={def}>
      <div className={`ff-control ${options.className ?? ''}`}>
        <TextField
          id={id}
          name={name}
          type={options.type ?? 'text'}
          value={value}
          onChange={change}
          isDisabled={props.disabled}
          isReadOnly={props.readonly || props.loading}
          isInvalid={invalid}
          isRequired={def.settings.required === true && isEditable(flags)}
          validationBehavior="aria"
          aria-labelledby={labelIdOf(id)}
          aria-describedby={invalid ? errorIdOf(id) : undefined}
          className="ff-text"
        >
          <Input
            className="input"
            placeholder={props.placeholder ?? def.settings.placeholder}
            inputMode={options.inputMode}
            autoComplete={options.autoComplete ?? 'off'}
            pattern={options.pattern}
            maxLength={options.maxLength ?? def.settings.max_length}
          />
        </TextField>
        <div className="ff-adornments">
          <ClearButton empty={value.trim() === ''} flags={flags} onClear={() => change('')} label={label} />
          {options.adornment?.(value)}
          {icon ? <AppendIcon name={icon} className="ff-muted-icon ff-append-icon" /> : null}
        </div>
      </div>
      {options.below?.(value)}
    </FieldFrame>
  )
}
