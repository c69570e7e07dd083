import type { FieldProps } from '../types'
import { TextInput } from './text-input'

/** text: one line. */
export const TextField = (props: FieldProps) => <TextInput {...props} />

/** email: one line, the e-mail keyboard; the domain's rule checks the address. */
export const EmailField = (props: FieldProps) => (
  <TextInput {...props} input={{ type: 'email', inputMode: 'email', autoComplete: 'email' }} />
)
