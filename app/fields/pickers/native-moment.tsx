import { FieldFrame } from '../field-frame'
import { showsErrors } from '../flags'
import type { FieldProps } from '../types'

/**
 * A picker before JavaScript: the browser's own input for the shape (date, datetime-local, time,
 * month, week), or text with the display format as its placeholder, posting what the domain
 * accepts. The enhanced picker replaces it on hydration.
 */
export function NativeMoment(
  props: FieldProps & {
    inputType: string
    values: string[]
    /** Names of the inputs: one (`name`), a pair (`name[0]`, `name[1]`) or a list (`name` each). */
    names: string[]
    placeholder?: string
    pattern?: string
  },
) {
  const { def, id, label, errors } = props
  return (
    <FieldFrame id={id} label={label} type={def.type} flags={props} errors={errors} def={def}>
      <div className="ff-native-moments">
        {props.names.map((name, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: inputs are positions
            key={i}
            id={i === 0 ? id : `${id}-${i}`}
            name={name}
            type={props.inputType}
            className="input"
            defaultValue={props.values[i] ?? ''}
            placeholder={props.placeholder}
            pattern={props.pattern}
            disabled={props.disabled}
            readOnly={props.readonly || props.loading}
            aria-invalid={showsErrors(errors, props) || undefined}
            aria-label={i === 0 ? undefined : label}
          />
        ))}
      </div>
    </FieldFrame>
  )
}
