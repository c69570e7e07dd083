import { describeType } from '../testing'

const NUM = 'value_error.number'

describeType({
  type: 'number',
  accepts: [
    ['42', 42],
    [' 007 ', 7],
    [0, 0],
    [123456789, 123456789],
    ['0', 0],
  ],
  refuses: [
    // Spec §5: digits only.
    ['12a', NUM],
    ['abc', NUM],
    ['-5', NUM],
    ['1.5', NUM],
    [1.5, NUM],
    [-1, NUM],
    ['1e3', NUM],
    ['9007199254740993', NUM],
    [Number.NaN, NUM],
    [true, NUM],
    ['  ', 'validation.required', { required: true }],
  ],
  normalizes: [
    ['12a34', '1234'],
    ['-5', '5'],
    ['1 000', '1000'],
    ['abc', ''],
  ],
  formats: [
    [42, '42'],
    [0, '0'],
  ],
  filter: 'equality',
})

describeType({
  type: 'progress',
  accepts: [
    [50, 50],
    ['75', 75],
    // Spec §5: clamped to 0–100.
    [-5, 0],
    ['-5', 0],
    [150, 100],
    ['150', 100],
    [33.4, 33],
    ['0', 0],
  ],
  refuses: [
    ['half', NUM],
    [Number.POSITIVE_INFINITY, NUM],
    [[50], NUM],
  ],
  normalizes: [
    ['-5', '0'],
    ['150', '100'],
    ['42', '42'],
    ['4a2', '42'],
    ['', ''],
    ['abc', ''],
  ],
  formats: [
    [0, '0%'],
    [75, '75%'],
  ],
  filter: 'none',
})
