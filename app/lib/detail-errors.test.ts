import { describe, expect, it } from 'vitest'
import { detailErrors } from './detail-errors'

describe('detailErrors', () => {
  const fields = ['fio.name', 'contacts.email'] as const

  it('puts an entry on the field its loc names', () => {
    expect(
      detailErrors(
        [
          { type: 'value_error.email', msg: 'x', loc: ['body', 'contacts', 'email'] },
          { type: 'value_error.any_str.max_length', msg: 'x', loc: ['body', 'fio', 'name'] },
          { type: 'value_error', msg: 'x', loc: ['body', 'fio', 'name'] },
        ],
        fields,
      ),
    ).toEqual({
      fieldErrors: {
        'contacts.email': ['value_error.email'],
        'fio.name': ['value_error.any_str.max_length', 'value_error'],
      },
      formErrors: [],
    })
  })

  it('keeps the rest for the form: no loc, another place, a field the form does not have', () => {
    expect(
      detailErrors(
        [
          { type: 'users.user_not_edited', msg: 'x' },
          { type: 'value_error.uuid', msg: 'x', loc: ['path', 'userId'] },
          { type: 'value_error.extra', msg: 'x', loc: ['body', 'password'] },
        ],
        fields,
      ),
    ).toEqual({
      fieldErrors: {},
      formErrors: ['users.user_not_edited', 'value_error.uuid', 'value_error.extra'],
    })
  })
})
