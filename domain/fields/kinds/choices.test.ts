import { describeType } from '../testing'

const options = [
  { title: 'Low', value: 'low' },
  { title: 'High', value: 'high' },
  { title: 'Team 7', value: 7 },
]
const ENUM = 'value_error.enum'

describeType({
  type: 'select',
  settings: { options },
  accepts: [
    ['low', 'low'],
    [' high ', 'high'],
    // A form posts text; the stored value keeps the option's own type.
    ['7', 7],
    [7, 7],
    [['low', 'high'], ['low', 'high'], { multiple: true }],
    ['low', ['low'], { multiple: true }],
    [['low', '', 'low'], ['low'], { multiple: true }],
    [[], null, { multiple: true }],
    // Options that are data (spec §3: status by id, assignee by id): any id, checked upstream.
    ['42', '42', { source: 'users', options: undefined }],
    [42, 42, { source: 'statuses', options: undefined }],
  ],
  refuses: [
    ['medium', ENUM],
    [['low', 'medium'], ENUM, { multiple: true }],
    [{ value: 'low' }, ENUM],
    [['low'], ENUM],
    ['x'.repeat(201), ENUM, { source: 'users', options: undefined }],
    [[''], 'validation.required', { multiple: true, required: true }],
  ],
  formats: [
    ['high', 'High'],
    [7, 'Team 7'],
    [['low', 'high'], 'Low, High'],
    ['gone', 'gone'],
  ],
  filter: 'option',
})

describeType({
  type: 'radio',
  settings: { options },
  accepts: [
    ['high', 'high'],
    ['7', 7],
  ],
  refuses: [
    ['medium', ENUM],
    // Never several, and never data-backed.
    [['low', 'high'], ENUM, { multiple: true }],
    ['42', ENUM, { source: 'users' }],
  ],
  formats: [['low', 'Low']],
  filter: 'none',
})
