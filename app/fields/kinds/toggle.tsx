import { useState } from 'react'
import { Checkbox } from 'react-aria-components/Checkbox'
import { Switch } from 'react-aria-components/Switch'
import { AgreementText } from '../agreement-text'
import { errorIdOf, FieldFrame } from '../field-frame'
import { isInert, showsErrors } from '../flags'
import { CheckIcon } from '../icons'
import type { FieldProps } from '../types'
import { isTicked } from '../values'

/** A link for a checkbox's brace-marked label part (an agreement): `settings.link`. */
const linkOf = (props: FieldProps) =>
  typeof props.def.settings.link === 'string' ? props.def.settings.link : undefined

/**
 * checkbox and switch: react-aria's Checkbox / Switch — a real checkbox inside a label, so it
 * posts 'on' and toggles without JavaScript. While disabled, read-only or loading a click changes
 * nothing (spec §4).
 */
function Toggle({ kind, ...props }: FieldProps & { kind: 'checkbox' | 'switch' }) {
  const { def, name, id, label, errors } = props
  const [selected, setSelected] = useState(() => isTicked(props.defaultValue))
  const invalid = showsErrors(errors, props)
  const common = {
    id,
    name,
    isSelected: selected,
    onChange: (next: boolean) => {
      if (isInert(props)) return
      setSelected(next)
      props.onValueChange?.(next ? 'on' : '')
    },
    isDisabled: props.disabled,
    isReadOnly: props.readonly || props.loading,
    isInvalid: invalid,
    'aria-describedby': invalid ? errorIdOf(id) : undefined,
    'data-testid': `toggle-${def.type}`,
  }
  const text = (
    <span className="ff-toggle-label">
      <AgreementText text={label} href={linkOf(props)} />
    </span>
  )
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def} ownLabel>
      {kind === 'switch' ? (
        <Switch {...common} className="ff-toggle ff-switch">
          <span className="ff-switch-track" aria-hidden="true">
            <span className="ff-switch-thumb" />
          </span>
          {text}
        </Switch>
      ) : (
        <Checkbox {...common} className="ff-toggle ff-checkbox">
          <span className="ff-checkbox-box" aria-hidden="true">
            <CheckIcon width={12} height={12} strokeWidth={3} />
          </span>
          {text}
        </Checkbox>
      )}
    </FieldFrame>
  )
}

export const CheckboxField = (props: FieldProps) => <Toggle {...props} kind="checkbox" />
export const SwitchField = (props: FieldProps) => <Toggle {...props} kind="switch" />
