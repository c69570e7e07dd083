import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { createTeam, UNKNOWN_ID } from '../../../test/tenant-factories'
import {
  makeFlow,
  makeProcess,
  makeProgress,
  newKey,
  startWorkflowApi,
} from '../../../test/workflow-factories'
import { mapConstraints } from '../../db/constraints'
import { processes, rights, tasks } from '../../db/schema'
import { conflict } from '../../http/errors'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let flow: Awaited<ReturnType<typeof makeFlow>>
beforeAll(async () => {
  w = await startWorkflowApi()
  flow = await makeFlow(w.h, w.adminToken, w.startId)
})
afterAll(() => w.h.close())

const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)
const post = (body: Record<string, unknown>, token = w.adminToken) =>
  call('POST', `/processes/${w.startId}`, token, {
    key: newKey(),
    name: 'P',
    progress_id: flow.progress.id,
    ...body,
  })

describe('POST /processes/{nodeId}', () => {
  it('creates a process with transitions and field rules; the key is upper-cased', async () => {
    const [a, b, c] = flow.statusIds
    const team = await createTeam(w.h, w.startId)
    const form = await call('POST', `/forms/${w.startId}`, w.adminToken, { name: `F ${newKey()}` })
    const formId = form.body.data.id
    const res = await call('POST', `/processes/${w.startId}`, w.adminToken, {
      key: ' sup1 ',
      name: 'Support',
      description: 'Tickets',
      progress_id: flow.progress.id,
      form_id: formId,
      transitions: [
        { from_status_id: a, to_status_id: b, required_fields: ['assignee', 'assignee'] },
        { from_status_id: b, to_status_id: c, right: 'task_edit', team_ids: [team.id] },
      ],
      field_rules: [{ status_id: c, field: 'cf_resolution', rule: 'required' }],
    })
    expect(res.status).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'processes.process_created', msg: 'Process created' }])
    expect(res.body.data).toEqual({
      id: expect.any(String),
      key: 'SUP1',
      name: 'Support',
      description: 'Tickets',
      progress_id: flow.progress.id,
      form_id: formId,
      task_counter: 0,
      transitions: expect.arrayContaining([
        { from_status_id: a, to_status_id: b, right: null, team_ids: [], required_fields: ['assignee'] },
        { from_status_id: b, to_status_id: c, right: 'task_edit', team_ids: [team.id], required_fields: [] },
      ]),
      field_rules: [{ status_id: c, field: 'cf_resolution', rule: 'required' }],
    })
    expect(res.body.data.transitions).toHaveLength(2)
  })

  it('refuses a form of another node or none (404 at body.form_id), on creation and on edit', async () => {
    const theirs = await call('POST', `/forms/${w.demoId}`, w.adminToken, { name: `F ${newKey()}` })
    for (const formId of [theirs.body.data.id, UNKNOWN_ID]) {
      const res = await refused(() => post({ form_id: formId }))
      expect([res.status, locs(res.body)]).toEqual([404, ['body.form_id:forms.form_not_found']])
    }
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const res = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, { form_id: theirs.body.data.id }),
    )
    expect([res.status, locs(res.body)]).toEqual([404, ['body.form_id:forms.form_not_found']])
  })

  it.each([
    ['A', 'processes.invalid_key'],
    ['1AB', 'processes.invalid_key'],
    ['ABCDEFGHIJK', 'processes.invalid_key'],
    ['AB-1', 'processes.invalid_key'],
    [undefined, 'value_error.missing'],
  ])('refuses the key %j with 422 %s', async (key, code) => {
    const res = await refused(() => post({ key }))
    expect([res.status, locs(res.body)]).toEqual([422, [`body.key:${code}`]])
  })

  it('refuses a key taken in the node in any case (409), not one taken in another node', async () => {
    const key = newKey()
    await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id, { key })
    const res = await refused(() => post({ key: key.toLowerCase() }))
    expect([res.status, locs(res.body)]).toEqual([409, ['body.key:processes.key_taken']])
    const demo = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    await makeProcess(w.h, w.adminToken, w.demoId, demo.progress.id, { key })
  })

  it('refuses transitions and rules outside the progress, every one with its loc (422)', async () => {
    const [a, b] = flow.statusIds
    const outside = await makeFlow(w.h, w.adminToken, w.startId, 1)
    const x = outside.statusIds[0]!
    const res = await refused(() =>
      post({
        transitions: [
          { from_status_id: a, to_status_id: x },
          { from_status_id: a, to_status_id: a },
          { from_status_id: a, to_status_id: b },
          { from_status_id: a, to_status_id: b, required_fields: ['Bad'] },
        ],
        field_rules: [
          { status_id: x, field: 'title', rule: 'readonly' },
          { status_id: a, field: 'title', rule: 'readonly' },
          { status_id: a, field: 'title', rule: 'required' },
        ],
      }),
    )
    expect(res.status).toBe(422)
    expect(locs(res.body)).toEqual([
      'body.transitions.0.to_status_id:processes.status_not_in_progress',
      'body.transitions.1.to_status_id:processes.transition_to_itself',
      'body.transitions.3:processes.duplicate_transition',
      'body.transitions.3.required_fields.0:value_error.field_name',
      'body.field_rules.0.status_id:processes.status_not_in_progress',
      'body.field_rules.2:processes.duplicate_field_rule',
    ])
  })

  it('refuses an empty progress (422) and bad transition fields (422)', async () => {
    const empty = await makeProgress(w.h, w.adminToken, w.startId, [])
    const res = await refused(() => post({ progress_id: empty.id }))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.progress_id:processes.progress_empty']])
    const bad = await refused(() =>
      post({ transitions: [{ from_status_id: flow.statusIds[0], right: 'root', extra: 1 }] }),
    )
    expect(locs(bad.body).sort()).toEqual(
      [
        'body.transitions.0.to_status_id:value_error.missing',
        'body.transitions.0.right:value_error.enum',
        'body.transitions.0:value_error.extra',
      ].sort(),
    )
  })

  it("answers another node's progress, status or team in the body with 404", async () => {
    const [a, b] = flow.statusIds
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 2)
    const theirTeam = await createTeam(w.h, w.demoId)
    const cases: [Record<string, unknown>, string][] = [
      [{ progress_id: theirs.progress.id }, 'body.progress_id:progress.progress_not_found'],
      [{ progress_id: UNKNOWN_ID }, 'body.progress_id:progress.progress_not_found'],
      [
        { transitions: [{ from_status_id: theirs.statusIds[0], to_status_id: b }] },
        'body.transitions.0.from_status_id:statuses.status_not_found',
      ],
      [
        { field_rules: [{ status_id: theirs.statusIds[1], field: 'title', rule: 'readonly' }] },
        'body.field_rules.0.status_id:statuses.status_not_found',
      ],
      [
        { transitions: [{ from_status_id: a, to_status_id: b, team_ids: [theirTeam.id] }] },
        'body.transitions.0.team_ids.0:teams.team_not_found',
      ],
    ]
    for (const [body, loc] of cases) {
      const res = await refused(() => post(body))
      expect([res.status, locs(res.body)], loc).toEqual([404, [loc]])
    }
  })

  it('refuses a non-admin (403) and another node (404)', async () => {
    const user = await refused(() => post({}, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const other = await refused(() =>
      call('POST', `/processes/${w.demoId}`, w.userToken, { key: 'AB', name: 'x', progress_id: UNKNOWN_ID }),
    )
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
  })
})

describe('GET /processes/{nodeId}', () => {
  it('lists by key, searches key and name, paginated, for any authorized user', async () => {
    await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id, { key: 'ZZLIST1', name: 'Listed one' })
    await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id, { key: 'ZZLIST2', name: 'Other' })
    const byKey = await call('GET', `/processes/${w.startId}?search=zzlist`, w.userToken)
    expect(byKey.status).toBe(200)
    expect(byKey.body.data.map((p: { key: string }) => p.key)).toEqual(['ZZLIST1', 'ZZLIST2'])
    const byName = await call('GET', `/processes/${w.startId}?search=LISTED`, w.userToken)
    expect(byName.body.data.map((p: { key: string }) => p.key)).toEqual(['ZZLIST1'])
    const paged = await call('GET', `/processes/${w.startId}?search=zzlist&per_page=1&page=2`, w.userToken)
    expect([paged.body.meta, paged.body.data[0].key]).toEqual([{ total: 2, page: 2, per_page: 1 }, 'ZZLIST2'])
    const other = await call('GET', `/processes/${w.demoId}`, w.userToken)
    expect(other.status).toBe(404)
  })
})

describe('PATCH /processes/{nodeId}/{processId}', () => {
  it('edits fields; given transitions replace the stored ones, others stay', async () => {
    const [a, b, c] = flow.statusIds
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id, {
      transitions: [{ from_status_id: a, to_status_id: b }],
      field_rules: [{ status_id: a, field: 'title', rule: 'readonly' }],
    })
    const res = await call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, {
      name: 'Renamed',
      transitions: [{ from_status_id: b, to_status_id: c }],
    })
    expect(res.status).toBe(200)
    expect(res.body.detail[0].type).toBe('processes.process_edited')
    expect(res.body.data).toMatchObject({
      key: p.key,
      name: 'Renamed',
      transitions: [{ from_status_id: b, to_status_id: c }],
      field_rules: p.field_rules,
    })
    const cleared = await call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, { transitions: [] })
    expect(cleared.body.data.transitions).toEqual([])
  })

  it('changes the key while there are no tasks, and task rights follow it', async () => {
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const grant = await call('POST', `/rights/${w.startId}`, w.adminToken, {
      user_id: w.userId,
      right_code: 'task_create',
      attributes: [p.key, 'OTHER'],
    })
    expect(grant.status).toBe(200)
    const key = newKey()
    const res = await call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, { key })
    expect(res.body.data.key).toBe(key)
    const [row] = await w.h.database.db
      .select()
      .from(rights)
      .where(and(eq(rights.nodeId, w.startId), eq(rights.id, grant.body.data.id)))
    expect(row!.attributes!.sort()).toEqual([key, 'OTHER'].sort())
  })

  it('refuses a key change once the process has had tasks (422), and a taken key (409)', async () => {
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const q = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const taken = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, { key: q.key }),
    )
    expect([taken.status, locs(taken.body)]).toEqual([409, ['body.key:processes.key_taken']])
    // The key is part of every task key handed out: once the counter moved, it stays.
    await w.h.database.db
      .update(processes)
      .set({ taskCounter: 1 })
      .where(and(eq(processes.nodeId, w.startId), eq(processes.id, p.id)))
    const locked = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, { key: newKey() }),
    )
    expect([locked.status, locs(locked.body)]).toEqual([422, ['body.key:processes.key_locked']])
    const same = await call('PATCH', `/processes/${w.startId}/${p.id}`, w.adminToken, {
      key: p.key,
      name: 'ok',
    })
    expect(same.status).toBe(200)
  })

  it('refuses a progress that does not suit the stored transitions, pointing at progress_id (422)', async () => {
    const [a, b] = flow.statusIds
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id, {
      transitions: [{ from_status_id: a, to_status_id: b }],
    })
    const other = await makeFlow(w.h, w.adminToken, w.startId, 2)
    const path = `/processes/${w.startId}/${p.id}`
    const res = await refused(() => call('PATCH', path, w.adminToken, { progress_id: other.progress.id }))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.progress_id:processes.status_not_in_progress']])
    const moved = await call('PATCH', path, w.adminToken, {
      progress_id: other.progress.id,
      transitions: [{ from_status_id: other.statusIds[1], to_status_id: other.statusIds[0] }],
    })
    expect(moved.status).toBe(200)
    expect(moved.body.data.progress_id).toBe(other.progress.id)
  })

  it("answers another node's process (path) or progress (body) with 404, a user with 403", async () => {
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    const theirProcess = await makeProcess(w.h, w.adminToken, w.demoId, theirs.progress.id)
    const path = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${theirProcess.id}`, w.adminToken, { name: 'x' }),
    )
    expect([path.status, path.body.detail[0].type]).toEqual([404, 'processes.process_not_found'])
    const mine = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const body = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${mine.id}`, w.adminToken, { progress_id: theirs.progress.id }),
    )
    expect([body.status, locs(body.body)]).toEqual([404, ['body.progress_id:progress.progress_not_found']])
    const user = await refused(() =>
      call('PATCH', `/processes/${w.startId}/${mine.id}`, w.userToken, { name: 'x' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('DELETE /processes/{nodeId}/{processId}', () => {
  it('deletes a process with its transitions and rules, freeing its statuses and progress', async () => {
    const f = await makeFlow(w.h, w.adminToken, w.startId, 2)
    const p = await makeProcess(w.h, w.adminToken, w.startId, f.progress.id, {
      transitions: [{ from_status_id: f.statusIds[0], to_status_id: f.statusIds[1] }],
    })
    const res = await call('DELETE', `/processes/${w.startId}/${p.id}`, w.adminToken)
    expect(res.body).toEqual({
      data: { id: p.id },
      detail: [{ type: 'processes.process_deleted', msg: 'Process deleted' }],
    })
    expect((await call('DELETE', `/progress/${w.startId}/${f.progress.id}`, w.adminToken)).status).toBe(200)
  })

  it('refuses a process with tasks (409); the task counter alone no longer counts', async () => {
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    await w.h.database.db.insert(tasks).values({
      nodeId: w.startId,
      processId: p.id,
      number: 1,
      key: `${p.key}-1`,
      title: 'T',
      statusId: flow.statusIds[0]!,
      authorId: w.adminId,
    })
    const res = await refused(() => call('DELETE', `/processes/${w.startId}/${p.id}`, w.adminToken))
    expect([res.status, locs(res.body)]).toEqual([409, ['params.processId:processes.process_in_use']])
    // A counter without tasks (say, all of them gone) does not keep the process.
    const q = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    await w.h.database.db
      .update(processes)
      .set({ taskCounter: 3 })
      .where(and(eq(processes.nodeId, w.startId), eq(processes.id, q.id)))
    expect((await call('DELETE', `/processes/${w.startId}/${q.id}`, w.adminToken)).status).toBe(200)
  })

  it("answers another node's or an unknown process with 404, a user with 403", async () => {
    const theirs = await makeFlow(w.h, w.adminToken, w.demoId, 1)
    const theirProcess = await makeProcess(w.h, w.adminToken, w.demoId, theirs.progress.id)
    for (const id of [theirProcess.id, UNKNOWN_ID]) {
      const res = await refused(() => call('DELETE', `/processes/${w.startId}/${id}`, w.adminToken))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'processes.process_not_found'])
    }
    const mine = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const user = await refused(() => call('DELETE', `/processes/${w.startId}/${mine.id}`, w.userToken))
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
  })
})

describe('constraints close the races the checks leave open', () => {
  it('maps a unique violation of the key, on either driver, to 409 processes.key_taken', async () => {
    const p = await makeProcess(w.h, w.adminToken, w.startId, flow.progress.id)
    const race = mapConstraints(
      () =>
        w.h.database.db.transaction((tx) =>
          tx
            .insert(processes)
            .values({ nodeId: w.startId, key: p.key, name: 'x', progressId: flow.progress.id }),
        ),
      { unique: () => conflict('processes.key_taken', ['body', 'key']) },
    )
    await expect(race).rejects.toMatchObject({ statusCode: 409, code: 'processes.key_taken' })
  })
})
