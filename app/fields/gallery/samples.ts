import type { FieldDefinition, FieldSettings, FieldType } from '@domain/fields/types'

/*
 * The field gallery's content: one definition per type and a value that shows it well, in the
 * shapes the domain stores. Titles and option titles are i18n keys.
 */

const options = ['bug', 'feature', 'question'].map((value) => ({
  title: `fields.gallery.option.${value}`,
  value,
}))

const SETTINGS: Partial<Record<FieldType, FieldSettings>> = {
  select: { options },
  radio: { options },
  file: { multiple: true },
  text: { max_length: 40 },
}

/** A value per type, as stored. */
export const SAMPLE_VALUES: Record<FieldType, unknown> = {
  text: 'Release 2.4',
  textarea: 'First line\nSecond line',
  text_copy: 'NOD-1234',
  email: 'admin@example.com',
  password: 'correct horse',
  qrcode: 'https://start.nodus.example/lk/t/NOD/NOD-1',
  code: '2468',
  editor: '<p>Rich <b>text</b></p>',
  number: 42,
  progress: 65,
  phone: '+79161234567',
  checkbox: true,
  switch: true,
  select: 'feature',
  radio: 'bug',
  file: [{ url: '/favicon.svg', name: 'favicon.svg' }],
  date: '2024-05-17',
  time: '09:30',
  datetime: '2024-05-17T09:30:00.000Z',
  month: '2024-05',
  year: 2024,
  quarter: '2024-Q2',
  week: ['2024-05-13', '2024-05-19'],
  daterange: ['2024-05-01', '2024-05-10'],
  timerange: ['09:00', '18:00'],
  multidate: ['2024-05-01', '2024-05-03', '2024-05-08'],
  json: { key: 'value', list: [1, 2] },
  address: { postcode: '125009', city: 'Москва', street: 'Тверская', house: '1' },
}

export const GALLERY_TYPES = Object.keys(SAMPLE_VALUES) as FieldType[]

export const sampleDefinition = (type: FieldType): FieldDefinition => ({
  name: `g_${type}`,
  type,
  title: `fields.type.${type}`,
  settings: { ...SETTINGS[type] },
})

/** The states every type is shown in (spec §4 flags). */
export const GALLERY_STATES = [
  'normal',
  'value',
  'disabled',
  'readonly',
  'loading',
  'clearable',
  'errors',
] as const
export type GalleryState = (typeof GALLERY_STATES)[number]

/** The error a type shows in the errors state: its own kind of mistake where it has one. */
export const SAMPLE_ERRORS: Partial<Record<FieldType, string[]>> = {
  email: ['validation.email'],
  json: ['value_error.json'],
  phone: ['value_error.phone'],
  number: ['value_error.number'],
  text: ['validation.max_length'],
}
