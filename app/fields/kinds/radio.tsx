import { useState } from 'react'
import { Radio, RadioGroup } from 'react-aria-components/RadioGroup'
import { errorIdOf, FieldFrame, labelIdOf } from '../field-frame'
import { isInert, showsErrors } from '../flags'
import { optionsOf } from '../options'
import type { FieldProps } from '../types'
import { useFieldsT } from '../use-fields-t'
import { textOf } from '../values'

/**
 * radio: one of the definition's options, react-aria's RadioGroup over native radios (they post
 * and choose without JavaScript). While disabled, read-only or loading nothing changes (spec §4).
 */
export function RadioField(props: FieldProps) {
  const { def, name, id, label, errors } = props
  const { t } = useFieldsT()
  const options = optionsOf(def, props.options, t)
  const [value, setValue] = useState(() => textOf(props.defaultValue))
  const invalid = showsErrors(errors, props)
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} group>
      <RadioGroup
        name={name}
        value={value || null}
        onChange={(next) => {
          if (isInert(props)) return
          setValue(next)
          props.onValueChange?.(next)
        }}
        isDisabled={props.disabled}
        isReadOnly={props.readonly || props.loading}
        isInvalid={invalid}
        aria-labelledby={labelIdOf(id)}
        aria-describedby={invalid ? errorIdOf(id) : undefined}
        className="ff-radios"
        orientation="horizontal"
      >
        {options.map((o, i) => (
          <Radio key={o.value} value={o.value} id={i === 0 ? id : undefined} className="ff-radio">
            <span className="ff-radio-dot" aria-hidden="true" />
            {o.label}
          </Radio>
        ))}
      </RadioGroup>
    </FieldFrame>
  )
}
