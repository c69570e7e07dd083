import { describe, expect, it } from 'vitest'
import { checkProcessDefinition } from './definition'
import { allowedMoves, checkMove, fieldRulesAt, initialStatus } from './moves'
import type { Mover, WorkflowProcess } from './types'

const [TODO, DOING, REVIEW, DONE, ELSEWHERE] = ['todo', 'doing', 'review', 'done', 'elsewhere']
const TEAM = 'team-qa'

const free: WorkflowProcess = {
  key: 'PRJ',
  status_ids: [TODO, DOING, DONE],
  transitions: [],
  field_rules: [
    { status_id: DONE, field: 'cf_resolution', rule: 'required' },
    { status_id: DONE, field: 'title', rule: 'readonly' },
    { status_id: DOING, field: 'assignee', rule: 'required' },
  ],
}

const strict: WorkflowProcess = {
  key: 'PRJ',
  status_ids: [TODO, DOING, REVIEW, DONE],
  transitions: [
    { from_status_id: TODO, to_status_id: DOING, required_fields: ['assignee'] },
    { from_status_id: DOING, to_status_id: REVIEW },
    { from_status_id: REVIEW, to_status_id: DONE, team_ids: [TEAM], required_fields: ['cf_resolution'] },
    { from_status_id: REVIEW, to_status_id: DOING, right: 'task_edit' },
    { from_status_id: DONE, to_status_id: TODO, right: 'task_edit', team_ids: [TEAM] },
  ],
  field_rules: [{ status_id: DONE, field: 'cf_closed_on', rule: 'required' }],
}

const anyone: Mover = { rights: { is_authorized: null }, team_ids: [] }
const editor: Mover = { rights: { task_edit: ['PRJ'] }, team_ids: [] }
const otherEditor: Mover = { rights: { task_edit: ['OPS'] }, team_ids: [] }
const qa: Mover = { rights: {}, team_ids: [TEAM] }
const qaEditor: Mover = { rights: { task_edit: null }, team_ids: ['x', TEAM] }

describe('checkMove (PRODUCT.md §4)', () => {
  it.each<[string, WorkflowProcess, string, string, Mover, ReturnType<typeof checkMove>]>([
    [
      'no transitions: any move forward',
      free,
      TODO,
      DONE,
      anyone,
      { ok: true, required_fields: ['cf_resolution'] },
    ],
    ['no transitions: any move back', free, DONE, TODO, anyone, { ok: true, required_fields: [] }],
    [
      'no transitions: target requires',
      free,
      TODO,
      DOING,
      anyone,
      { ok: true, required_fields: ['assignee'] },
    ],
    [
      'no transitions: out of the progress',
      free,
      TODO,
      REVIEW,
      anyone,
      { ok: false, code: 'workflow.status_not_in_progress' },
    ],
    ['staying put is no move', strict, DONE, DONE, anyone, { ok: true, required_fields: [] }],
    ['listed move', strict, TODO, DOING, anyone, { ok: true, required_fields: ['assignee'] }],
    ['listed move, no fields', strict, DOING, REVIEW, anyone, { ok: true, required_fields: [] }],
    ['unlisted move', strict, TODO, DONE, anyone, { ok: false, code: 'workflow.move_not_allowed' }],
    ['unlisted reverse', strict, DOING, TODO, qaEditor, { ok: false, code: 'workflow.move_not_allowed' }],
    [
      'out of the progress',
      strict,
      TODO,
      ELSEWHERE,
      anyone,
      { ok: false, code: 'workflow.status_not_in_progress' },
    ],
    ['team move by a stranger', strict, REVIEW, DONE, anyone, { ok: false, code: 'workflow.move_forbidden' }],
    [
      'team move by the team: transition fields, then status fields',
      strict,
      REVIEW,
      DONE,
      qa,
      { ok: true, required_fields: ['cf_resolution', 'cf_closed_on'] },
    ],
    ['right move without it', strict, REVIEW, DOING, anyone, { ok: false, code: 'workflow.move_forbidden' }],
    ['right move with it for this process', strict, REVIEW, DOING, editor, { ok: true, required_fields: [] }],
    [
      'right move with it for another process',
      strict,
      REVIEW,
      DOING,
      otherEditor,
      { ok: false, code: 'workflow.move_forbidden' },
    ],
    [
      'right and team: right only',
      strict,
      DONE,
      TODO,
      editor,
      { ok: false, code: 'workflow.move_forbidden' },
    ],
    ['right and team: team only', strict, DONE, TODO, qa, { ok: false, code: 'workflow.move_forbidden' }],
    ['right and team: both', strict, DONE, TODO, qaEditor, { ok: true, required_fields: [] }],
  ])('%s', (_label, p, from, to, mover, expected) => {
    expect(checkMove(p, from, to, mover)).toEqual(expected)
  })
})

describe('allowedMoves', () => {
  it.each<[string, WorkflowProcess, string, Mover, string[]]>([
    ['no transitions: every other status, in order', free, DOING, anyone, [TODO, DONE]],
    ['transitions: only those listed', strict, TODO, anyone, [DOING]],
    ['transitions: restricted ones left out', strict, REVIEW, anyone, []],
    ['transitions: team member', strict, REVIEW, qa, [DONE]],
    ['transitions: both', strict, REVIEW, qaEditor, [DOING, DONE]],
    [
      'a status outside the progress still moves in (no transitions)',
      free,
      ELSEWHERE,
      anyone,
      [TODO, DOING, DONE],
    ],
  ])('%s', (_label, p, from, mover, expected) => {
    expect(allowedMoves(p, from, mover).map((m) => m.to_status_id)).toEqual(expected)
  })

  it('lists the fields each move needs', () => {
    expect(allowedMoves(strict, REVIEW, qa)).toEqual([
      { to_status_id: DONE, required_fields: ['cf_resolution', 'cf_closed_on'] },
    ])
  })
})

describe('field rules and the initial status', () => {
  it.each<[string, WorkflowProcess, string, { required: string[]; readonly: string[] }]>([
    ['required and readonly', free, DONE, { required: ['cf_resolution'], readonly: ['title'] }],
    ['required only', free, DOING, { required: ['assignee'], readonly: [] }],
    ['none', free, TODO, { required: [], readonly: [] }],
    ['no rules at all', { ...strict, field_rules: undefined }, DONE, { required: [], readonly: [] }],
  ])('%s', (_label, p, status, expected) => {
    expect(fieldRulesAt(p, status)).toEqual(expected)
  })

  it('starts a task in the first status; an empty progress has none', () => {
    expect(initialStatus(strict)).toBe(TODO)
    expect(initialStatus({ status_ids: [] })).toBeUndefined()
  })
})

describe('checkProcessDefinition', () => {
  const ids = [TODO, DOING, DONE]
  it.each<[string, Parameters<typeof checkProcessDefinition>, string[]]>([
    [
      'a good one',
      [
        ids,
        [{ from_status_id: TODO, to_status_id: DOING, required_fields: ['cf_x', 'assignee'] }],
        [{ status_id: DONE, field: 'cf_x', rule: 'required' }],
      ],
      [],
    ],
    ['nothing at all', [ids], []],
    [
      'a status outside the progress',
      [ids, [{ from_status_id: REVIEW, to_status_id: DOING }]],
      ['transitions.0.from_status_id:processes.status_not_in_progress'],
    ],
    [
      'both ends outside',
      [ids, [{ from_status_id: REVIEW, to_status_id: ELSEWHERE }]],
      [
        'transitions.0.from_status_id:processes.status_not_in_progress',
        'transitions.0.to_status_id:processes.status_not_in_progress',
      ],
    ],
    [
      'a move to itself',
      [ids, [{ from_status_id: TODO, to_status_id: TODO }]],
      ['transitions.0.to_status_id:processes.transition_to_itself'],
    ],
    [
      'a move twice',
      [
        ids,
        [
          { from_status_id: TODO, to_status_id: DONE },
          { from_status_id: TODO, to_status_id: DONE },
        ],
      ],
      ['transitions.1:processes.duplicate_transition'],
    ],
    [
      'a bad field name',
      [ids, [{ from_status_id: TODO, to_status_id: DONE, required_fields: ['Resolution'] }]],
      ['transitions.0.required_fields.0:value_error.field_name'],
    ],
    [
      'a rule outside the progress',
      [ids, [], [{ status_id: REVIEW, field: 'title', rule: 'readonly' }]],
      ['field_rules.0.status_id:processes.status_not_in_progress'],
    ],
    [
      'a rule on a bad field',
      [ids, [], [{ status_id: TODO, field: 'nope', rule: 'readonly' }]],
      ['field_rules.0.field:value_error.field_name'],
    ],
    [
      'a rule twice',
      [
        ids,
        [],
        [
          { status_id: TODO, field: 'title', rule: 'readonly' },
          { status_id: TODO, field: 'title', rule: 'required' },
        ],
      ],
      ['field_rules.1:processes.duplicate_field_rule'],
    ],
  ])('%s', (_label, args, expected) => {
    expect(checkProcessDefinition(...args).map((i) => `${i.path.join('.')}:${i.code}`)).toEqual(expected)
  })
})
