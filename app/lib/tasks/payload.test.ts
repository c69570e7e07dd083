import { describe, expect, it } from 'vitest'
import { expandDotted, fieldOfLoc, taskDetailErrors, taskPayload } from './payload'

describe('taskPayload (spec §3)', () => {
  it('sends references as *_id and custom fields under custom_fields', () => {
    expect(
      taskPayload({ title: 'Fix', description: '', assignee: 'u1', status: 's1', cf_due: '2024-05-01' }),
    ).toEqual({
      title: 'Fix',
      description: '',
      assignee_id: 'u1',
      status_id: 's1',
      custom_fields: { cf_due: '2024-05-01' },
    })
  })

  it('sends an empty assignee as nobody (null)', () => {
    expect(taskPayload({ assignee: null })).toEqual({ assignee_id: null })
    expect(taskPayload({ assignee: '' })).toEqual({ assignee_id: null })
    expect(taskPayload({ author: { id: 'u2' } })).toEqual({ author_id: 'u2' })
  })

  it('expands dotted names into nested objects, merging siblings', () => {
    expect(taskPayload({ 'cf_office.city': 'Kazan', 'cf_office.street': 'Lenina', cf_n: 3 })).toEqual({
      custom_fields: { cf_office: { city: 'Kazan', street: 'Lenina' }, cf_n: 3 },
    })
    expect(taskPayload({ cf_office: { city: 'Kazan' } })).toEqual({
      custom_fields: { cf_office: { city: 'Kazan' } },
    })
  })

  it('sends an emptied title or description as an empty text', () => {
    expect(taskPayload({ title: 'T', description: null })).toEqual({ title: 'T', description: '' })
  })

  it('leaves out what the form did not hold, and nothing under custom_fields when no cf_', () => {
    expect(taskPayload({ title: 'x' })).toEqual({ title: 'x' })
  })

  it('drops prototype names', () => {
    expect(expandDotted({ '__proto__.x': 1, 'a..b': 2, 'a.b': 3 })).toEqual({ a: { b: 3 } })
  })
})

describe('fieldOfLoc', () => {
  it.each([
    [['body', 'title'], 'title'],
    [['body', 'assignee_id'], 'assignee'],
    [['body', 'status_id'], 'status'],
    [['body', 'custom_fields', 'cf_due'], 'cf_due'],
    [['body', 'custom_fields', 'cf_office', 'city'], 'cf_office.city'],
    [['body', 'custom_fields', 'cf_rows', 1, 'x'], 'cf_rows[1].x'],
    [['body', 'cf_due'], 'cf_due'],
    [['body', 'version'], 'version'],
  ] as const)('%j → %s', (loc, name) => {
    expect(fieldOfLoc(loc)).toBe(name)
  })

  it.each([[undefined], [['params', 'id']], [['body']], [['body', 'custom_fields']]] as const)(
    '%j names no field',
    (loc) => {
      expect(fieldOfLoc(loc as never)).toBeUndefined()
    },
  )
})

describe('taskDetailErrors', () => {
  const fields = ['title', 'assignee', 'cf_office', 'cf_due']
  it('puts each entry at the field its loc names, or its nearest shown parent', () => {
    expect(
      taskDetailErrors(
        [
          { type: 'value_error.missing', msg: '', loc: ['body', 'title'] },
          { type: 'users.user_not_found', msg: '', loc: ['body', 'assignee_id'] },
          { type: 'value_error', msg: '', loc: ['body', 'custom_fields', 'cf_office', 'city'] },
          { type: 'workflow.field_required', msg: '', loc: ['body', 'custom_fields', 'cf_due'] },
        ],
        fields,
      ),
    ).toEqual({
      fieldErrors: {
        title: ['value_error.missing'],
        assignee: ['users.user_not_found'],
        cf_office: ['value_error'],
        cf_due: ['workflow.field_required'],
      },
      formErrors: [],
    })
  })

  it('keeps entries for fields the form does not show above the form, once each', () => {
    expect(
      taskDetailErrors(
        [
          { type: 'rights.forbidden', msg: '' },
          { type: 'tasks.field_not_editable', msg: '', loc: ['body', 'custom_fields', 'cf_secret'] },
          { type: 'rights.forbidden', msg: '' },
        ],
        fields,
      ),
    ).toEqual({ fieldErrors: {}, formErrors: ['rights.forbidden', 'tasks.field_not_editable'] })
  })
})
