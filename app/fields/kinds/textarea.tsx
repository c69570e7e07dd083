import { useState } from 'react'
import { TextArea } from 'react-aria-components/TextArea'
import { TextField } from 'react-aria-components/TextField'
import { ClearButton, errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { isEditable, showsErrors } from '../flags'
import type { FieldProps } from '../types'
import { textOf } from '../values'

/** Several lines: react-aria's TextField over a native textarea (posts without JavaScript). */
export function TextAreaInput(props: FieldProps & { hint?: string; rows?: number; mono?: boolean }) {
  const { def, name, id, label, errors } = props
  const [value, setValue] = useState(() => textOf(props.defaultValue))
  const invalid = showsErrors(errors, props)
  const hintId = `${id}-hint`
  const change = (next: string) => {
    setValue(next)
    props.onValueChange?.(next)
  }
  const describedBy = [props.hint ? hintId : '', invalid ? errorIdOf(id) : ''].filter(Boolean).join(' ')
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <div className="ff-control">
        <TextField
          id={id}
          name={name}
          value={value}
          onChange={change}
          isDisabled={props.disabled}
          isReadOnly={props.readonly || props.loading}
          isInvalid={invalid}
          isRequired={def.settings.required === true && isEditable(props)}
          validationBehavior="aria"
          aria-labelledby={labelIdOf(id)}
          aria-describedby={describedBy || undefined}
          className="ff-text"
        >
          <TextArea
            className={`input ff-textarea${props.mono ? ' ff-mono' : ''}`}
            rows={props.rows ?? 4}
            placeholder={props.placeholder ?? def.settings.placeholder}
            maxLength={def.settings.max_length}
          />
        </TextField>
        <div className="ff-adornments ff-adornments-top">
          <ClearButton empty={value.trim() === ''} flags={props} onClear={() => change('')} label={label} />
        </div>
      </div>
      {props.hint ? (
        <p className="field-description" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </FieldFrame>
  )
}

/** textarea: several lines of text. */
export const TextAreaField = (props: FieldProps) => <TextAreaInput {...props} />
