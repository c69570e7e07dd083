import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import {
  dropEmpty,
  type ProcessRow,
  processDraft,
  processFormSchema,
  progressFormSchema,
  statusFormSchema,
} from './schemas'

const S1 = '11111111-1111-4111-8111-111111111111'
const S2 = '22222222-2222-4222-8222-222222222222'
const T1 = '33333333-3333-4333-8333-333333333333'
const P1 = '44444444-4444-4444-8444-444444444444'

/** What a browser posts: name/value pairs, repeated names included. */
const post = (pairs: [string, string][]) => {
  const data = new FormData()
  for (const [k, v] of pairs) data.append(k, v)
  return data
}
const parse = (schema: Parameters<typeof parseWithZod>[1]['schema'], pairs: [string, string][]) =>
  parseWithZod(post([['csrf', 'token'], ['intent', 'save'], ...pairs]), { schema })

const errorsOf = (s: ReturnType<typeof parse>) => (s.status === 'success' ? undefined : s.error)

describe('statusFormSchema', () => {
  it('takes name, description and colour, the colour in lower case; the form’s own fields are ignored', () => {
    const s = parse(statusFormSchema, [
      ['name', ' Open '],
      ['description', ''],
      ['color', '#1E88E5'],
    ])
    expect(s.status === 'success' && s.value).toEqual({ name: 'Open', description: '', color: '#1e88e5' })
  })

  it('answers with catalogue codes', () => {
    const s = parse(statusFormSchema, [['color', 'blue']])
    expect(s.status).toBe('error')
    expect(errorsOf(s)).toMatchObject({ name: ['value_error.missing'], color: ['value_error.color'] })
  })
})

describe('progressFormSchema', () => {
  it('keeps the statuses in the posted order, leaving out the empty "add a status" entry', () => {
    const s = parse(progressFormSchema, [
      ['name', 'Flow'],
      ['status_ids[0]', S2],
      ['status_ids[1]', S1],
      ['status_ids[2]', ''],
    ])
    expect(s.status === 'success' && s.value).toEqual({ name: 'Flow', status_ids: [S2, S1] })
  })

  it('takes no statuses at all, and refuses one twice at its place', () => {
    const none = parse(progressFormSchema, [['name', 'Empty']])
    expect(none.status === 'success' && none.value.status_ids).toEqual([])
    const twice = parse(progressFormSchema, [
      ['name', 'Flow'],
      ['status_ids[0]', S1],
      ['status_ids[1]', S1],
    ])
    expect(errorsOf(twice)).toMatchObject({ 'status_ids[1]': ['progress.duplicate_status'] })
  })

  it('dropEmpty: one posted value is a list of one', () => {
    expect(dropEmpty(S1)).toEqual([S1])
    expect(dropEmpty(['', S1, undefined])).toEqual([S1])
    expect(dropEmpty(undefined)).toBeUndefined()
  })
})

describe('processFormSchema', () => {
  it('turns the form into the upstream’s body: key upper-cased, no form is null, rows as lists', () => {
    const s = parse(processFormSchema, [
      ['key', ' sup2 '],
      ['name', 'Support'],
      ['progress_id', P1],
      ['form_id', ''],
      ['transitions[0].from_status_id', S1],
      ['transitions[0].to_status_id', S2],
      ['transitions[0].right', 'task_edit'],
      ['transitions[0].team_ids', T1],
      ['transitions[0].required_fields', 'cf_reason, assignee, cf_reason'],
      ['transitions[1].from_status_id', S2],
      ['transitions[1].to_status_id', S1],
      ['transitions[1].right', ''],
      ['field_rules[0].status_id', S2],
      ['field_rules[0].field', 'cf_reason'],
      ['field_rules[0].rule', 'readonly'],
    ])
    expect(s.status === 'success' && s.value).toEqual({
      key: 'SUP2',
      name: 'Support',
      description: '',
      progress_id: P1,
      form_id: null,
      transitions: [
        {
          from_status_id: S1,
          to_status_id: S2,
          right: 'task_edit',
          team_ids: [T1],
          required_fields: ['cf_reason', 'assignee'],
        },
        { from_status_id: S2, to_status_id: S1, right: null, team_ids: [], required_fields: [] },
      ],
      field_rules: [{ status_id: S2, field: 'cf_reason', rule: 'readonly' }],
    })
  })

  it('points at the row and field that is wrong', () => {
    const s = parse(processFormSchema, [
      ['key', '1AB'],
      ['name', 'X'],
      ['progress_id', P1],
      ['transitions[0].from_status_id', S1],
      ['field_rules[0].status_id', S1],
      ['field_rules[0].field', 'cf_x'],
    ])
    expect(errorsOf(s)).toMatchObject({
      key: ['processes.invalid_key'],
      'transitions[0].to_status_id': ['value_error.missing'],
      'field_rules[0].rule': ['value_error.missing'],
    })
  })

  it('processDraft: a stored process as the form holds it, and back unchanged', () => {
    const stored: ProcessRow = {
      id: 'x',
      key: 'SUP',
      name: 'Support',
      description: 'd',
      progress_id: P1,
      form_id: null,
      task_counter: 0,
      transitions: [
        { from_status_id: S1, to_status_id: S2, right: null, team_ids: [T1], required_fields: ['a', 'b'] },
      ],
      field_rules: [{ status_id: S1, field: 'cf_x', rule: 'required' }],
    }
    const draft = processDraft(stored)
    expect(draft.transitions[0]).toEqual({
      from_status_id: S1,
      to_status_id: S2,
      right: '',
      team_ids: [T1],
      required_fields: 'a, b',
    })
    const again = processFormSchema.parse({
      ...draft,
      form_id: undefined,
      transitions: [{ ...draft.transitions[0], right: null }],
    })
    expect(again.transitions).toEqual(stored.transitions)
    expect(again.form_id).toBeNull()
  })
})
