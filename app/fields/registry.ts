import type { FieldType } from '@domain/fields/types'
import { AddressField } from './kinds/address'
import { CodeField } from './kinds/code'
import { EditorField } from './kinds/editor'
import { FileField } from './kinds/file'
import { JsonField } from './kinds/json'
import { NumberField } from './kinds/number'
import { PasswordField } from './kinds/password'
import { PhoneField } from './kinds/phone'
import { ProgressField } from './kinds/progress'
import { QrCodeField } from './kinds/qrcode'
import { RadioField } from './kinds/radio'
import { SelectField } from './kinds/select'
import { EmailField, TextField } from './kinds/text'
import { TextCopyField } from './kinds/text-copy'
import { TextAreaField } from './kinds/textarea'
import { CheckboxField, SwitchField } from './kinds/toggle'
import { DateRangeField, MultiDateField, WeekField } from './pickers/calendar-pickers'
import { DateField, DateTimeField } from './pickers/date-picker'
import { MonthField, QuarterField, YearField } from './pickers/period-picker'
import { TimeField, TimeRangeField } from './pickers/time-field'
import type { FieldComponent, FieldComponents } from './types'

/*
 * The browser half of each field type (STYLE.md §7), keyed by the domain's type names
 * (domain/fields/kinds/index.ts). `Record<FieldType, …>`: a type the domain adds fails the type
 * check here until it has a component. Nothing else branches on a type's name.
 */
export const fieldComponents: FieldComponents = {
  text: TextField,
  textarea: TextAreaField,
  text_copy: TextCopyField,
  email: EmailField,
  password: PasswordField,
  qrcode: QrCodeField,
  code: CodeField,
  editor: EditorField,
  number: NumberField,
  progress: ProgressField,
  phone: PhoneField,
  checkbox: CheckboxField,
  switch: SwitchField,
  select: SelectField,
  radio: RadioField,
  file: FileField,
  date: DateField,
  time: TimeField,
  datetime: DateTimeField,
  month: MonthField,
  year: YearField,
  quarter: QuarterField,
  week: WeekField,
  daterange: DateRangeField,
  timerange: TimeRangeField,
  multidate: MultiDateField,
  json: JsonField,
  address: AddressField,
}

/** The component of a type. Throws for a name no entry has: definitions are checked when saved. */
export function getFieldComponent(type: FieldType | string): FieldComponent {
  const component = (fieldComponents as Record<string, FieldComponent | undefined>)[type]
  if (!component) throw new Error(`No field component for type "${type}"`)
  return component
}
