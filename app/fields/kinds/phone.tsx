import { normalizeInput } from '@domain/fields/value'
import type { FieldProps } from '../types'
import { TextInput } from './text-input'

/**
 * phone: the mask +7 (###) ###-##-## as the user types (spec §5), by the domain's own mask, so a
 * lone '+0' becomes '+'. The server accepts the spellings a person writes without JavaScript too.
 */
export function PhoneField(props: FieldProps) {
  return (
    <TextInput
      {...props}
      placeholder={props.placeholder ?? props.def.settings.placeholder ?? '+7 (___) ___-__-__'}
      input={{
        type: 'tel',
        inputMode: 'tel',
        autoComplete: 'tel',
        maxLength: 18,
        transform: (raw) => normalizeInput(props.def, raw),
      }}
    />
  )
}
