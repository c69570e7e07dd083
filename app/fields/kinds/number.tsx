import { normalizeInput } from '@domain/fields/value'
import type { FieldProps } from '../types'
import { TextInput } from './text-input'

/** number: digits only (spec §5) — anything else typed or pasted is dropped as it arrives. */
export function NumberField(props: FieldProps) {
  return (
    <TextInput
      {...props}
      input={{ inputMode: 'numeric', pattern: '[0-9]*', transform: (raw) => normalizeInput(props.def, raw) }}
    />
  )
}
