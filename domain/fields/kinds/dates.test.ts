import { describeType } from '../testing'

const DATE = 'value_error.date'

describeType({
  type: 'date',
  accepts: [
    ['2024-02-29', '2024-02-29'],
    // The display format, typed into a plain input without JavaScript.
    ['29.02.2024', '2024-02-29'],
    [' 01.01.0001 ', '0001-01-01'],
    ['9999-12-31', '9999-12-31'],
  ],
  refuses: [
    ['2023-02-29', DATE],
    ['31.04.2024', DATE],
    ['2024-13-01', DATE],
    ['0000-01-01', DATE],
    ['2024-1-5', DATE],
    ['yesterday', DATE],
    [20240229, DATE],
  ],
  formats: [
    // Spec §9: dd.MM.yyyy.
    ['2024-02-29', '29.02.2024'],
    ['0001-01-01', '01.01.0001'],
    ['garbage', 'garbage'],
  ],
  filter: 'range',
})

describeType({
  type: 'time',
  accepts: [
    ['09:05', '09:05'],
    ['9:05', '09:05'],
    ['23:59:59', '23:59'],
    // The date picker's time model.
    [{ hours: 7, minutes: 30 }, '07:30'],
  ],
  refuses: [
    ['24:00', DATE],
    ['12:60', DATE],
    ['noon', DATE],
    [{ hours: 7 }, DATE],
    [{ hours: 25, minutes: 0 }, DATE],
  ],
  formats: [
    // Spec §9: HH:mm.
    ['09:05', '09:05'],
    ['9:05', '09:05'],
  ],
  filter: 'range',
})

describeType({
  type: 'datetime',
  accepts: [
    // No offset: UTC, as the date picker works (spec §9 'UTC on').
    ['2024-02-29T10:30', '2024-02-29T10:30:00.000Z'],
    ['2024-02-29 10:30:15', '2024-02-29T10:30:15.000Z'],
    ['2024-02-29T10:30:00.5Z', '2024-02-29T10:30:00.500Z'],
    ['2024-03-01T01:30:00+03:00', '2024-02-29T22:30:00.000Z'],
    ['2024-02-29T22:30:00-0130', '2024-03-01T00:00:00.000Z'],
    ['29.02.2024 10:30', '2024-02-29T10:30:00.000Z'],
  ],
  refuses: [
    ['2024-02-30T10:30', DATE],
    ['2024-02-29T25:00', DATE],
    ['2024-02-29', DATE],
    ['29.02.2024 10:30:00', DATE],
  ],
  formats: [
    // Spec §9: date and time combined.
    ['2024-02-29T22:30:00.000Z', '29.02.2024 22:30'],
    ['2024-02-29T10:05', '29.02.2024 10:05'],
  ],
  filter: 'range',
})

describeType({
  type: 'month',
  accepts: [
    ['2024-02', '2024-02'],
    ['02.2024', '2024-02'],
  ],
  refuses: [
    ['2024-13', DATE],
    ['2.2024', DATE],
    ['2024-02-01', DATE],
  ],
  formats: [['2024-02', '02.2024']],
  filter: 'range',
})

describeType({
  type: 'year',
  accepts: [
    ['2024', 2024],
    [2024, 2024],
    [' 988 ', 988],
  ],
  refuses: [
    ['0', DATE],
    ['20245', DATE],
    [2024.5, DATE],
    ['MMXXIV', DATE],
  ],
  formats: [
    [2024, '2024'],
    [988, '0988'],
  ],
  filter: 'range',
})

describeType({
  type: 'quarter',
  accepts: [
    ['2024-Q2', '2024-Q2'],
    ['2024-q4', '2024-Q4'],
    // Spec §9 'Q.yyyy': the quarter's number, a dot, the year.
    ['3.2024', '2024-Q3'],
  ],
  refuses: [
    ['2024-Q5', DATE],
    ['0.2024', DATE],
    ['Q2 2024', DATE],
  ],
  formats: [
    ['2024-Q2', '2.2024'],
    ['2024-q1', '1.2024'],
  ],
  filter: 'range',
})
