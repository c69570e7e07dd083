import { describeType } from '../testing'

for (const type of ['checkbox', 'switch'] as const)
  describeType({
    type,
    accepts: [
      // A ticked box posts 'on'; an unticked one posts nothing, which is false.
      ['on', true],
      [true, true],
      ['true', true],
      [' ON ', true],
      [false, false],
      ['false', false],
      ['off', false],
      [0, false],
    ],
    refuses: [
      ['maybe', 'value_error'],
      [2, 'value_error'],
      // Required means "must be ticked" (an agreement).
      [false, 'validation.required', { required: true }],
      ['off', 'validation.required', { required: true }],
    ],
    formats: [
      [true, { key: 'fields.yes' }],
      [false, { key: 'fields.no' }],
      [null, ''],
    ],
    filter: 'equality',
  })
