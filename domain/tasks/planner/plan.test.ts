import { describe, expect, it } from 'vitest'
import type { FieldDefinition } from '../../fields/types'
import type { TaskValues } from '../values'
import { checkPatch, planCreate, planEdit } from './plan'
import { refusalStatus } from './refusals'
import type { PlanCaller, PlanContext, TaskPatch } from './types'

/*
 * The planner by table (ADR 014): each row is a payload against a task (or none: a create), and
 * the decision — the refusals as `loc:code`, or the changed fields — that create, edit and bulk
 * edit all answer with.
 */

const [TODO, DOING, DONE, ELSEWHERE] = ['todo', 'doing', 'done', 'elsewhere']
const TEAM = 'team-qa'
const ME = 'user-me'

const defs: FieldDefinition[] = [
  { name: 'cf_points', type: 'number', title: 'Points', settings: {} },
  { name: 'cf_note', type: 'text', title: 'Note', settings: { max_length: 5 } },
  { name: 'cf_locked', type: 'text', title: 'Locked', settings: {} },
  { name: 'cf_must', type: 'text', title: 'Must', settings: { required: true } },
  {
    name: 'cf_office',
    type: 'address',
    title: 'Office',
    settings: {},
    structure: [
      { name: 'city', type: 'text', title: 'City', settings: {} },
      { name: 'street', type: 'text', title: 'Street', settings: {} },
    ],
  },
]

const editor: PlanCaller = { user_id: ME, rights: { task_edit: ['PRJ'], task_create: ['PRJ'] }, team_ids: [] }
const qa: PlanCaller = { ...editor, team_ids: [TEAM] }
const viewer: PlanCaller = { user_id: ME, rights: { task_view: null, task_edit: ['OPS'] }, team_ids: [] }

const ctx = (over: Partial<PlanContext> = {}): PlanContext => ({
  customs: defs,
  hasStatus: (id) => id !== 'unknown',
  caller: editor,
  process: {
    id: 'proc',
    editable: ['cf_points', 'cf_note', 'cf_office', 'cf_must'],
    workflow: {
      key: 'PRJ',
      status_ids: [TODO, DOING, DONE],
      transitions: [
        { from_status_id: TODO, to_status_id: DOING, required_fields: ['assignee'] },
        { from_status_id: DOING, to_status_id: DONE, team_ids: [TEAM], required_fields: ['cf_points'] },
        { from_status_id: DONE, to_status_id: TODO },
      ],
      field_rules: [
        { status_id: DONE, field: 'title', rule: 'readonly' },
        { status_id: DONE, field: 'cf_note', rule: 'required' },
      ],
    },
  },
  ...over,
})

const task = (over: Partial<TaskValues> = {}): TaskValues => ({
  title: 'T',
  description: '',
  assignee: null,
  status: TODO,
  author: 'someone',
  process: 'proc',
  custom_fields: { cf_must: 'x' },
  ...over,
})

const done = task({
  status: DONE,
  assignee: ME,
  custom_fields: { cf_must: 'x', cf_points: 1, cf_note: 'ok' },
})

/** `loc:code` of each refusal, or `changed:` and the changed fields. */
function decide(c: PlanContext, t: TaskValues | null, patch: TaskPatch): string[] {
  const r = t ? planEdit(c, t, patch) : planCreate(c, patch)
  if (!r.ok)
    return [`${refusalStatus(r.refusals)}`, ...r.refusals.map((x) => `${(x.loc ?? []).join('.')}:${x.type}`)]
  return ['changed:', ...r.plan.changes.map((ch) => ch.field)]
}

describe('planEdit and planCreate decide the same refusals (ADR 014)', () => {
  it.each<[string, PlanContext, TaskValues | null, TaskPatch, string[]]>([
    [
      'an edit',
      ctx(),
      task(),
      { title: 'New', custom_fields: { cf_points: '3' } },
      ['changed:', 'title', 'cf_points'],
    ],
    ['nothing changes', ctx(), task(), { title: 'T', custom_fields: { cf_must: 'x' } }, ['changed:']],
    [
      'no task_edit for the process',
      ctx({ caller: viewer }),
      task(),
      { title: 'x' },
      ['403', ':rights.forbidden'],
    ],
    [
      'no task_create for the process',
      ctx({ caller: viewer }),
      null,
      { title: 'x', custom_fields: { cf_must: 'x' } },
      ['403', ':rights.forbidden'],
    ],
    [
      'a create',
      ctx(),
      null,
      { title: 'x', custom_fields: { cf_must: 'm', cf_points: 2 } },
      ['changed:', 'title', 'status', 'cf_must', 'cf_points'],
    ],
    [
      'a create misses a required definition',
      ctx(),
      null,
      { title: 'x' },
      ['422', 'custom_fields.cf_must:validation.required'],
    ],
    [
      'another author or process',
      ctx(),
      task(),
      { author_id: 'x', process_id: 'y' },
      ['422', 'process_id:tasks.field_not_editable', 'author_id:tasks.field_not_editable'],
    ],
    [
      'the same author and process (a card posted back)',
      ctx(),
      task(),
      { author_id: 'someone', process_id: 'proc' },
      ['changed:'],
    ],
    [
      'an unknown status',
      ctx(),
      task(),
      { status_id: 'unknown' },
      ['404', 'status_id:statuses.status_not_found'],
    ],
    [
      'a move out of the progress',
      ctx(),
      task(),
      { status_id: ELSEWHERE },
      ['422', 'status_id:workflow.status_not_in_progress'],
    ],
    ['a move not listed', ctx(), task(), { status_id: DONE }, ['422', 'status_id:workflow.move_not_allowed']],
    [
      'a move for another team',
      ctx(),
      task({ status: DOING, custom_fields: { cf_points: 1, cf_note: 'n' } }),
      { status_id: DONE },
      ['403', 'status_id:workflow.move_forbidden'],
    ],
    [
      'a move without its required field',
      ctx(),
      task(),
      { status_id: DOING },
      ['422', 'assignee_id:workflow.field_required'],
    ],
    [
      'a move with it',
      ctx(),
      task(),
      { status_id: DOING, assignee_id: ME },
      ['changed:', 'assignee', 'status'],
    ],
    [
      'a move needing both transition and status fields',
      ctx({ caller: qa }),
      task({ status: DOING }),
      { status_id: DONE },
      [
        '422',
        'custom_fields.cf_points:workflow.field_required',
        'custom_fields.cf_note:workflow.field_required',
      ],
    ],
    [
      'emptying a field the current status requires, no move',
      ctx(),
      done,
      { custom_fields: { cf_note: '' } },
      ['422', 'custom_fields.cf_note:workflow.field_required'],
    ],
    [
      'an untouched empty required field is no refusal',
      ctx(),
      task({ ...done, custom_fields: { cf_must: 'x' } }),
      { description: 'd' },
      ['changed:', 'description'],
    ],
    [
      'a read-only field at this status',
      ctx(),
      done,
      { title: 'changed' },
      ['422', 'title:workflow.field_readonly'],
    ],
    ['a read-only field sent unchanged', ctx(), done, { title: 'T' }, ['changed:']],
    [
      'a field not in the form',
      ctx(),
      task(),
      { custom_fields: { cf_locked: 'x' } },
      ['422', 'custom_fields.cf_locked:tasks.field_not_editable'],
    ],
    [
      'a field not in the form, sent back as stored',
      ctx(),
      task({ custom_fields: { cf_must: 'x', cf_locked: 'a' } }),
      { custom_fields: { cf_locked: 'a' } },
      ['changed:'],
    ],
    [
      'no form: no custom field',
      ctx({ process: { ...ctx().process, editable: [] } }),
      task(),
      { custom_fields: { cf_points: 1 } },
      ['422', 'custom_fields.cf_points:tasks.field_not_editable'],
    ],
    [
      'an invalid value',
      ctx(),
      task(),
      { custom_fields: { cf_points: 'x' } },
      ['422', 'custom_fields.cf_points:value_error.number'],
    ],
    [
      'a too long value',
      ctx(),
      task(),
      { custom_fields: { cf_note: 'abcdefgh' } },
      ['422', 'custom_fields.cf_note:validation.max_length'],
    ],
    [
      'an unknown field',
      ctx(),
      task(),
      { custom_fields: { cf_nope: 1 } },
      ['422', 'custom_fields.cf_nope:value_error.extra'],
    ],
    [
      'an invalid value says nothing else of a create',
      ctx(),
      null,
      { title: 'x', custom_fields: { cf_must: 'm', cf_points: 'x' } },
      ['422', 'custom_fields.cf_points:value_error.number'],
    ],
    [
      'an unknown field says nothing else of a create',
      ctx(),
      null,
      { title: 'x', custom_fields: { cf_must: 'm', cf_nope: 1 } },
      ['422', 'custom_fields.cf_nope:value_error.extra'],
    ],
    [
      'an invalid value says nothing else of an edit',
      ctx(),
      done,
      { custom_fields: { cf_note: 'fine', cf_points: 'x' } },
      ['422', 'custom_fields.cf_points:value_error.number'],
    ],
    [
      'a group sent in part merges over the stored one',
      ctx(),
      task({ custom_fields: { cf_must: 'x', cf_office: { city: 'A', street: 'S' } } }),
      { custom_fields: { cf_office: { city: 'B' } } },
      ['changed:', 'cf_office'],
    ],
    [
      'a forbidden move and another refusal: 403 with both',
      ctx(),
      task({ status: DOING }),
      { status_id: DONE, custom_fields: { cf_points: 'x' } },
      ['403', 'custom_fields.cf_points:value_error.number', 'status_id:workflow.move_forbidden'],
    ],
  ])('%s', (_label, c, t, patch, expected) => {
    expect(decide(c, t, patch)).toEqual(expected)
  })

  it('answers the values once written and the move', () => {
    const r = planEdit(
      ctx(),
      task({ custom_fields: { cf_must: 'x', cf_office: { city: 'A', street: 'S' } } }),
      {
        status_id: DOING,
        assignee_id: ME,
        custom_fields: { cf_points: '2', cf_office: { city: 'B' } },
      },
    )
    expect(r).toMatchObject({
      ok: true,
      plan: {
        values: {
          status: DOING,
          assignee: ME,
          custom_fields: { cf_must: 'x', cf_points: 2, cf_office: { city: 'B', street: 'S' } },
        },
        move: { from: TODO, to: DOING },
      },
    })
  })

  it('gives every refusal its catalogue message, the same for a task or a patch', () => {
    const r = planEdit(ctx(), done, { custom_fields: { cf_note: '' } })
    expect(r).toEqual({
      ok: false,
      refusals: [
        {
          type: 'workflow.field_required',
          msg: 'Fill in this field: the status requires it',
          loc: ['custom_fields', 'cf_note'],
          ctx: { field: 'cf_note' },
        },
      ],
    })
  })

  it('checks the values of one patch once for many tasks (memo), with the same answer', () => {
    const memo = new Map<string, unknown>()
    const c = ctx({ memo })
    const a = planEdit(c, task(), { custom_fields: { cf_points: 'x' } })
    const b = planEdit(c, task({ title: 'other' }), { custom_fields: { cf_points: 'x' } })
    expect(memo.size).toBe(1)
    expect(a).toEqual(b)
  })
})

describe('checkPatch: what a bulk edit refuses before looking at tasks', () => {
  it.each<[string, TaskPatch, string[]]>([
    ['a good patch', { status_id: DONE, custom_fields: { cf_points: 2 } }, []],
    ['an unknown status', { status_id: 'unknown' }, ['status_id:statuses.status_not_found']],
    ['an unknown field', { custom_fields: { cf_nope: 1 } }, ['custom_fields.cf_nope:value_error.extra']],
    [
      'an invalid value',
      { custom_fields: { cf_points: 'x' } },
      ['custom_fields.cf_points:value_error.number'],
    ],
    ['a group sent in part waits for the task', { custom_fields: { cf_office: { city: 'B' } } }, []],
    ['a field not in some form waits for the task', { custom_fields: { cf_locked: 'x' } }, []],
  ])('%s', (_label, patch, expected) => {
    expect(checkPatch(ctx(), patch).map((r) => `${(r.loc ?? []).join('.')}:${r.type}`)).toEqual(expected)
  })
})
