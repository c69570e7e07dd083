import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import {
  bindFormSchema,
  createUserFormSchema,
  grantFormSchema,
  isEditIntent,
  passwordFormSchema,
  profileFormSchema,
  profilePatch,
  revokeFormSchema,
} from './schemas'

/** What conform makes of a posted form: the same call the component and the action make. */
function parse<S extends Parameters<typeof parseWithZod>[1]['schema']>(
  schema: S,
  fields: Record<string, string>,
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return parseWithZod(form, { schema })
}

function errorsOf(submission: ReturnType<typeof parse>) {
  return submission.status === 'error' ? submission.error : undefined
}

const UUID = '3f0b6c9e-5d0c-4d7e-9a51-2c1d6f4e8a10'

describe('createUserFormSchema (Add)', () => {
  it('takes an email and a password; the rest is optional; email trimmed and lower-cased', () => {
    const s = parse(createUserFormSchema, {
      email: ' New.Person@Example.com ',
      password: 'first-password',
      'fio.surname': 'Smirnova',
      'fio.name': ' Anna ',
      'contacts.phone': '+7 (900) 123-45-67',
    })
    expect(s.status).toBe('success')
    expect(s.status === 'success' && s.value).toEqual({
      email: 'new.person@example.com',
      password: 'first-password',
      fio: { surname: 'Smirnova', name: 'Anna' },
      contacts: { phone: '+7 (900) 123-45-67' },
    })
  })

  it.each<[string, Record<string, string>, Record<string, string[]>]>([
    ['nothing', {}, { email: ['value_error.missing'], password: ['value_error.missing'] }],
    ['a bad email', { email: 'nope', password: 'password-1' }, { email: ['value_error.email'] }],
    [
      'a short password',
      { email: 'a@b.co', password: 'short' },
      { password: ['value_error.any_str.min_length'] },
    ],
    [
      'a long name',
      { email: 'a@b.co', password: 'password-1', 'fio.name': 'x'.repeat(101) },
      { 'fio.name': ['value_error.any_str.max_length'] },
    ],
    [
      'a bad phone and contact email',
      { email: 'a@b.co', password: 'password-1', 'contacts.phone': 'call me', 'contacts.email': 'nope' },
      { 'contacts.phone': ['value_error.phone'], 'contacts.email': ['value_error.email'] },
    ],
  ])('refuses %s with catalogue codes at the fields', (_, fields, errors) => {
    expect(errorsOf(parse(createUserFormSchema, fields))).toEqual(errors)
  })
})

describe('profileFormSchema (Editing → profile)', () => {
  it('accepts a form with every field empty, and the patch then clears them all', () => {
    const s = parse(profileFormSchema, {
      'fio.surname': '',
      'fio.name': '',
      'fio.middlename': '',
      'contacts.email': '',
      'contacts.phone': '',
    })
    expect(s.status).toBe('success')
    if (s.status !== 'success') return
    expect(profilePatch(s.value)).toEqual({
      fio: { surname: '', name: '', middlename: '' },
      contacts: { email: '', phone: '' },
    })
  })

  it('patches what was typed, trimmed, the contact email lower-cased', () => {
    const s = parse(profileFormSchema, {
      'fio.surname': ' Petrov ',
      'fio.name': 'Ivan',
      'fio.middlename': '',
      'contacts.email': 'Ivan@Example.com',
      'contacts.phone': '+7 900 000-00-00',
    })
    expect(s.status === 'success' && profilePatch(s.value)).toEqual({
      fio: { surname: 'Petrov', name: 'Ivan', middlename: '' },
      contacts: { email: 'ivan@example.com', phone: '+7 900 000-00-00' },
    })
  })

  it('refuses a bad phone, a bad contact email and a long middle name', () => {
    expect(
      errorsOf(
        parse(profileFormSchema, {
          'fio.middlename': 'x'.repeat(101),
          'contacts.email': 'not-an-email',
          'contacts.phone': '12a',
        }),
      ),
    ).toEqual({
      'fio.middlename': ['value_error.any_str.max_length'],
      'contacts.email': ['value_error.email'],
      'contacts.phone': ['value_error.phone'],
    })
  })
})

describe('passwordFormSchema (Editing → password reset)', () => {
  it.each<[Record<string, string>, Record<string, string[]> | undefined]>([
    [{}, { password: ['value_error.missing'] }],
    [{ password: '' }, { password: ['value_error.missing'] }],
    [{ password: 'short' }, { password: ['value_error.any_str.min_length'] }],
    [{ password: 'x'.repeat(257) }, { password: ['value_error.any_str.max_length'] }],
    [{ password: 'long-enough' }, undefined],
  ])('%j → %j', (fields, errors) => {
    expect(errorsOf(parse(passwordFormSchema, fields))).toEqual(errors)
  })
})

describe('grantFormSchema (Editing → rights)', () => {
  it('reads comma-separated attributes as a list: trimmed, no repeats, empty meaning all (null)', () => {
    const ok = (fields: Record<string, string>) => {
      const s = parse(grantFormSchema, fields)
      return s.status === 'success' ? s.value : errorsOf(s)
    }
    expect(ok({ right_code: 'task_create', attributes: ' PRJ, OPS ,PRJ,, ' })).toEqual({
      right_code: 'task_create',
      attributes: ['PRJ', 'OPS'],
    })
    expect(ok({ right_code: 'task_view', attributes: '' })).toEqual({
      right_code: 'task_view',
      attributes: null,
    })
    expect(ok({ right_code: 'board_view' })).toEqual({ right_code: 'board_view', attributes: null })
    expect(ok({ right_code: 'is_admin', attributes: ' , ' })).toEqual({
      right_code: 'is_admin',
      attributes: null,
    })
  })

  it.each<[Record<string, string>, Record<string, string[]>]>([
    [{}, { right_code: ['value_error.missing'] }],
    [{ right_code: 'root' }, { right_code: ['value_error.enum'] }],
    [{ right_code: 'is_admin', attributes: 'PRJ' }, { attributes: ['rights.attributes_not_allowed'] }],
    [{ right_code: 'is_authorized', attributes: 'PRJ' }, { attributes: ['rights.attributes_not_allowed'] }],
    [
      { right_code: 'task_edit', attributes: `OK, ${'x'.repeat(101)}` },
      { 'attributes[1]': ['value_error.any_str.max_length'] },
    ],
  ])('%j → %j', (fields, errors) => {
    expect(errorsOf(parse(grantFormSchema, fields))).toEqual(errors)
  })

  it('caps the list at 500 values', () => {
    const many = Array.from({ length: 501 }, (_, i) => `P${i}`).join(',')
    expect(errorsOf(parse(grantFormSchema, { right_code: 'task_view', attributes: many }))).toEqual({
      attributes: ['value_error.list.max_items'],
    })
  })
})

describe('revoke and bind', () => {
  it.each([
    [revokeFormSchema, 'right_id'],
    [bindFormSchema, 'node_id'],
  ] as const)('%# needs an id in %s', (schema, field) => {
    expect(errorsOf(parse(schema, {}))).toEqual({ [field]: ['value_error.missing'] })
    expect(errorsOf(parse(schema, { [field]: 'nope' }))).toEqual({ [field]: ['value_error.uuid'] })
    expect(parse(schema, { [field]: UUID }).status).toBe('success')
  })
})

describe('isEditIntent', () => {
  it('knows the Editing forms and nothing else', () => {
    for (const intent of ['profile', 'password', 'grant', 'revoke', 'bind', 'unbind', 'sign_in_as'])
      expect(isEditIntent(intent)).toBe(true)
    for (const other of ['', 'create', 'delete', null, undefined, 1]) expect(isEditIntent(other)).toBe(false)
  })
})
