import { getZodConstraint } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createUserFormSchema, grantFormSchema } from '../admin-users/schemas'
import { conformName, detailErrors } from './detail-errors'

const createFields = Object.keys(getZodConstraint(createUserFormSchema))

describe('detailErrors', () => {
  it('puts entries at their fields by loc, the rest above the form', () => {
    expect(
      detailErrors(
        [
          { type: 'users.user_already_registered', msg: 'User already registered', loc: ['body', 'email'] },
          { type: 'value_error.phone', msg: '…', loc: ['body', 'contacts', 'phone'] },
          { type: 'value_error.any_str.min_length', msg: '…', loc: ['body', 'password'], ctx: { min: 8 } },
          { type: 'value_error', msg: '…', loc: ['body', 'node_id'] },
          { type: 'rights.forbidden', msg: '…' },
          { type: 'rights.forbidden', msg: '…' },
          { type: 'value_error', msg: '…', loc: ['query', 'email'] },
        ],
        createFields,
      ),
    ).toEqual({
      fieldErrors: {
        email: ['users.user_already_registered'],
        'contacts.phone': ['value_error.phone'],
        password: ['value_error.any_str.min_length'],
      },
      formErrors: ['value_error', 'rights.forbidden'],
    })
  })

  it('knows the fields of a form from its schema, nested ones included', () => {
    expect(createFields).toEqual(
      expect.arrayContaining(['email', 'password', 'fio.name', 'fio.surname', 'contacts.email']),
    )
  })

  it('moves an entry for a list item up to the list field', () => {
    const fields = Object.keys(getZodConstraint(grantFormSchema))
    expect(
      detailErrors(
        [{ type: 'value_error.any_str.max_length', msg: '…', loc: ['body', 'attributes', 2] }],
        fields,
      ).fieldErrors,
    ).toEqual({ attributes: ['value_error.any_str.max_length'] })
  })

  it('puts an entry for a field of a list item at that item', () => {
    const rows = z.object({
      rows: z.array(z.object({ from: z.string(), to: z.string() })),
      ids: z.array(z.string()),
    })
    const fields = Object.keys(getZodConstraint(rows))
    expect(
      detailErrors(
        [
          { type: 'processes.transition_to_itself', msg: '…', loc: ['body', 'rows', 2, 'to'] },
          { type: 'progress.duplicate_status', msg: '…', loc: ['body', 'ids', 1] },
          { type: 'value_error', msg: '…', loc: ['body', 'rows', 0, 'other'] },
        ],
        fields,
      ).fieldErrors,
    ).toEqual({
      'rows[2].to': ['processes.transition_to_itself'],
      ids: ['progress.duplicate_status'],
      rows: ['value_error'],
    })
  })
})

describe('conformName', () => {
  it.each([
    [['email'], 'email'],
    [['fio', 'name'], 'fio.name'],
    [['attributes', 0], 'attributes[0]'],
    [['a', 1, 'b'], 'a[1].b'],
  ] as const)('%j → %s', (path, name) => {
    expect(conformName([...path])).toBe(name)
  })
})
