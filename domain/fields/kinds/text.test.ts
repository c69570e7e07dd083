import { describeType } from '../testing'

const R = 'validation.required'
const MAX = 'validation.max_length'
const MIN = 'validation.min_length'
const bounds = { min_length: 2, max_length: 5 }

describeType({
  type: 'text',
  accepts: [
    ['hello', 'hello'],
    ['  padded  ', 'padded'],
    ['ab', 'ab', bounds],
    ['abcde', 'abcde', bounds],
    // Length is measured after trimming.
    ['  abcde  ', 'abcde', bounds],
    // Empty passes min_length when not required.
    ['   ', null, bounds],
    ['Привет', 'Привет', { max_length: 6 }],
  ],
  refuses: [
    ['   ', R, { required: true }],
    ['\n\t', R, { required: true, min_length: 2 }],
    ['a', MIN, bounds],
    ['abcdef', MAX, bounds],
    [42, 'value_error'],
    [{ a: 1 }, 'value_error'],
  ],
  normalizes: [
    ['  hello ', 'hello'],
    ['', ''],
  ],
  formats: [
    ['hello', 'hello'],
    ['', ''],
    [null, ''],
  ],
  filter: 'contains',
})

describeType({
  type: 'textarea',
  accepts: [
    ['line one\nline two', 'line one\nline two'],
    ['\n  text \n', 'text'],
  ],
  refuses: [
    ['\n\n', R, { required: true }],
    ['x'.repeat(11), MAX, { max_length: 10 }],
  ],
  formats: [['a\nb', 'a\nb']],
  filter: 'contains',
})

describeType({
  type: 'text_copy',
  accepts: [[' ABC-123 ', 'ABC-123']],
  refuses: [['abc', MIN, { min_length: 4 }]],
  formats: [['ABC-123', 'ABC-123']],
  filter: 'contains',
})

describeType({
  type: 'email',
  accepts: [
    ['user@example.com', 'user@example.com'],
    ['  User@Example.com ', 'User@Example.com'],
    ['', null, { min_length: 50 }],
  ],
  refuses: [
    ['not an email', 'validation.email'],
    ['user@', 'validation.email'],
    ['@example.com', 'validation.email'],
    ['  ', R, { required: true }],
    ['a@b.co', MIN, { min_length: 7 }],
  ],
  formats: [['user@example.com', 'user@example.com']],
  filter: 'contains',
})

describeType({
  type: 'password',
  accepts: [
    // Not trimmed: the spaces are part of the secret.
    [' secret ', ' secret '],
    ['12345678', '12345678', { min_length: 8 }],
  ],
  refuses: [
    ['1234567', MIN, { min_length: 8 }],
    ['   ', R, { required: true }],
  ],
  normalizes: [[' keep ', ' keep ']],
  formats: [
    ['hunter2', '••••••••'],
    ['a much longer secret', '••••••••'],
  ],
  filter: 'none',
})

describeType({
  type: 'qrcode',
  accepts: [['https://example.com/t/ABC-1', 'https://example.com/t/ABC-1']],
  refuses: [
    // Spec §5: a QR code needs non-empty text.
    ['  ', R, { required: true }],
    ['x'.repeat(101), MAX, { max_length: 100 }],
  ],
  formats: [['ABC', 'ABC']],
  filter: 'none',
})

describeType({
  type: 'code',
  accepts: [
    ['1234', '1234'],
    [' 0042 ', '0042'],
    ['123456', '123456', { length: 6 }],
  ],
  refuses: [
    ['123', MIN],
    ['12345', MAX],
    ['12a4', 'value_error.number'],
    [1234, 'value_error'],
    ['12345', MIN, { length: 6 }],
  ],
  normalizes: [
    ['1a2b3', '123'],
    ['123456', '1234'],
    ['1-2', '12'],
  ],
  formats: [['0042', '0042']],
  filter: 'equality',
})
