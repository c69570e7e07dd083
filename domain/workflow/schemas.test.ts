import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  bindStatusInput,
  bindTeamInput,
  processInput,
  processPatch,
  progressInput,
  statusInput,
} from './schemas'

const ID = '00000000-0000-4000-8000-000000000001'
const ID2 = '00000000-0000-4000-8000-000000000002'

/** `path:code` of every issue, or the parsed value. */
const run = (schema: z.ZodTypeAny, v: unknown) => {
  const r = schema.safeParse(v)
  return r.success ? r.data : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()
}

describe('workflow input schemas', () => {
  it.each<[string, z.ZodTypeAny, unknown, unknown]>([
    ['status defaults', statusInput, { name: ' Done ' }, { name: 'Done', description: '', color: '#9e9e9e' }],
    [
      'status colour lower-cased',
      statusInput,
      { name: 'x', color: '#ABCDEF' },
      { name: 'x', description: '', color: '#abcdef' },
    ],
    ['status bad colour', statusInput, { name: 'x', color: '#abc' }, ['color:value_error.color']],
    ['status unknown key', statusInput, { name: 'x', colour: '#abcdef' }, [':value_error.extra']],
    [
      'progress duplicates',
      progressInput,
      { name: 'p', status_ids: [ID, ID2, ID] },
      ['status_ids.2:progress.duplicate_status'],
    ],
    ['progress empty list', progressInput, { name: 'p' }, { name: 'p', status_ids: [] }],
    [
      'bind-status defaults',
      bindStatusInput,
      { progress_id: ID, status_id: ID2 },
      { progress_id: ID, status_id: ID2, unbind: false },
    ],
    [
      'bind-status bad position',
      bindStatusInput,
      { progress_id: ID, status_id: ID2, position: 1.5 },
      ['position:value_error'],
    ],
    ['bind-team needs users', bindTeamInput, { team_id: ID, user_ids: [] }, ['user_ids:value_error.missing']],
    ['bind-team bad id', bindTeamInput, { team_id: ID, user_ids: ['nope'] }, ['user_ids.0:value_error.uuid']],
    [
      'process defaults',
      processInput,
      { key: 'prj', name: 'P', progress_id: ID, transitions: [{ from_status_id: ID, to_status_id: ID2 }] },
      {
        key: 'PRJ',
        name: 'P',
        description: '',
        progress_id: ID,
        form_id: null,
        transitions: [
          { from_status_id: ID, to_status_id: ID2, right: null, team_ids: [], required_fields: [] },
        ],
        field_rules: [],
      },
    ],
    [
      'process bad rule',
      processInput,
      {
        key: 'PRJ',
        name: 'P',
        progress_id: ID,
        field_rules: [{ status_id: ID, field: 'title', rule: 'hidden' }],
      },
      ['field_rules.0.rule:value_error.enum'],
    ],
    ['patch takes nothing', processPatch, {}, {}],
    ['patch still checks the key', processPatch, { key: '9' }, ['key:processes.invalid_key']],
  ])('%s', (_label, schema, input, expected) => {
    expect(run(schema, input)).toEqual(expected)
  })
})
