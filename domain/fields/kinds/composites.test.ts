import { describeType } from '../testing'

const R = 'validation.required'

describeType({
  type: 'json',
  accepts: [
    // Typed into a text area, JSON arrives as text.
    ['{"a": 1, "b": [true, null]}', { a: 1, b: [true, null] }],
    ['[1, 2]', [1, 2]],
    ['"text"', 'text'],
    ['0', 0],
    // A JSON body or nested form inputs arrive as structure.
    [{ a: 1 }, { a: 1 }],
    [{}, {}],
    ['  ', null],
  ],
  refuses: [
    ['{bad json', 'value_error.json'],
    ["{'a': 1}", 'value_error.json'],
    ['   ', R, { required: true }],
  ],
  formats: [
    [{ a: 1 }, '{"a":1}'],
    [[1, 2], '[1,2]'],
  ],
  filter: 'none',
})

const contact = [
  { name: 'person', type: 'text', title: 'Person', settings: { required: true, max_length: 20 } },
  { name: 'email', type: 'email', title: 'E-mail', settings: {} },
] as const

describeType({
  type: 'json',
  structure: [...contact],
  accepts: [
    [
      { person: ' Ann ', email: 'ann@example.com' },
      { person: 'Ann', email: 'ann@example.com' },
    ],
    ['{"person": "Ann"}', { person: 'Ann', email: null }],
    // Entirely empty is empty, even with a required child.
    [{ person: '', email: '' }, null],
    // A list of rows: rows left blank are not rows.
    [
      [{ person: 'Ann' }, { person: '', email: '' }, { person: 'Bob', email: 'bob@example.com' }],
      [
        { person: 'Ann', email: null },
        { person: 'Bob', email: 'bob@example.com' },
      ],
      { multiple: true },
    ],
  ],
  refuses: [
    // Errors by child name (spec §3), and by row then child for a list.
    [{ person: '', email: 'ann@example.com' }, R, {}, ['person']],
    [{ person: 'Ann', email: 'nope' }, 'validation.email', {}, ['email']],
    [{ person: 'x'.repeat(21) }, 'validation.max_length', {}, ['person']],
    [[{ person: 'Ann' }, { email: 'b@example.com' }], R, { multiple: true }, [1, 'person']],
    [{ person: 'Ann' }, 'value_error', { multiple: true }],
    ['[{"person": }]', 'value_error.json', { multiple: true }],
    ['"Ann"', 'value_error'],
  ],
  filter: 'none',
})

describeType({
  type: 'address',
  accepts: [
    // With no structure, the default parts.
    [
      { city: 'Moscow', street: 'Tverskaya', house: '1' },
      { postcode: null, region: null, city: 'Moscow', street: 'Tverskaya', house: '1', flat: null },
    ],
    // Map coordinates ride along (spec §3 {field}.lat / .lon), as numbers.
    [
      { city: 'Moscow', lat: '55.75', lon: 37.62 },
      {
        postcode: null,
        region: null,
        city: 'Moscow',
        street: null,
        house: null,
        flat: null,
        lat: 55.75,
        lon: 37.62,
      },
    ],
    [{ city: '  ' }, null],
  ],
  refuses: [
    [{ city: 'Moscow', lat: 91 }, 'value_error', {}, ['lat']],
    [{ city: 'Moscow', lon: 'east' }, 'value_error', {}, ['lon']],
    ['Moscow, Tverskaya 1', 'value_error'],
  ],
  formats: [
    [
      { postcode: '101000', city: 'Moscow', street: 'Tverskaya', house: '1', flat: null, lat: 55.7 },
      '101000, Moscow, Tverskaya, 1',
    ],
    ['legacy text', 'legacy text'],
  ],
  filter: 'none',
})

describeType({
  type: 'address',
  structure: [
    { name: 'city', type: 'text', title: 'City', settings: { required: true } },
    { name: 'zip', type: 'code', title: 'Zip', settings: { length: 6 } },
    { name: 'phone', type: 'phone', title: 'Phone', settings: {} },
  ],
  accepts: [
    [
      { city: 'Kazan', zip: '420000', phone: '8 (843) 123-45-67' },
      { city: 'Kazan', zip: '420000', phone: '+78431234567' },
    ],
    [{ city: '', zip: '', phone: '+7 (' }, null],
  ],
  refuses: [
    // Once any part is filled, every part's rules apply; errors by child name (spec §3).
    [{ city: '', zip: '420000' }, R, {}, ['city']],
    [{ city: 'Kazan', zip: '4200' }, 'validation.min_length', {}, ['zip']],
    [{ city: 'Kazan', phone: '123' }, 'value_error.phone', {}, ['phone']],
  ],
  formats: [[{ city: 'Kazan', zip: '420000', phone: '+78431234567' }, 'Kazan, 420000, +7 (843) 123-45-67']],
  filter: 'none',
})
