import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { makeFields, makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { createUser, UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { processes, tasks } from '../../db/schema'
import { taskCreated } from '../../events/emit'
import { createTaskWithEvents } from '../../repositories/tasks-repository'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
let refusedTokens: Awaited<ReturnType<typeof badTokens>>
beforeAll(async () => {
  w = await startWorkflowApi()
  await makeFields(w.h, w.adminToken, w.startId)
  await makeFields(w.h, w.adminToken, w.demoId)
  p = await makeTaskProcess(w.h, w.adminToken, w.startId)
  refusedTokens = await badTokens(w.h)
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(db(), act)
const create = (body: unknown, token = w.adminToken, processId = p.process.id, node = w.startId) =>
  call('POST', `/tasks/${node}/${processId}`, token, body)

describe('POST /tasks/{nodeId}/{processId}', () => {
  it('creates a task in the first status, authored by the caller, keyed {KEY}-{n}; says task_created', async () => {
    const res = await create({
      title: '  Fix the printer ',
      description: 'It jams',
      assignee_id: w.userId,
      custom_fields: { cf_points: '5', cf_office: { city: 'Kazan' } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'tasks.task_created', msg: 'Task successfully created' }])
    const t = res.body.data
    expect(t).toMatchObject({
      key: `${p.process.key}-1`,
      title: 'Fix the printer',
      description: 'It jams',
      version: 1,
      status: { id: p.statusIds[0], name: expect.any(String), color: expect.any(String) },
      process: { id: p.process.id, key: p.process.key },
      assignee: { id: w.userId, user_name: 'user@example.com', full_name: 'Petrov Ivan Sergeevich' },
      author: { id: w.adminId, user_name: 'admin@example.com' },
      custom_fields: { cf_points: 5, cf_note: null, cf_office: { city: 'Kazan', street: null } },
      attachments: [],
      field_rules: { required: [], readonly: [] },
    })
    expect(t.author.fio).toEqual({ name: 'Admin', surname: 'Nodus', middlename: '' })
    expect(t.allowed_moves.map((m: { to_status_id: string }) => m.to_status_id)).toEqual(p.statusIds.slice(1))
    // The answer is built beside the statement that wrote the task: it is what a read gives back.
    const read = await call('GET', `/tasks/${w.startId}/${t.id}`, w.adminToken)
    expect(read.body.data).toEqual(t)
    const history = await call('GET', `/tasks/${w.startId}/${t.id}/history`, w.adminToken)
    expect(history.body.data).toEqual([
      expect.objectContaining({
        field: 'created',
        old_value: null,
        new_value: { key: t.key, title: 'Fix the printer', status: p.statusIds[0] },
        actor: expect.objectContaining({ id: w.adminId }),
      }),
    ])
  })

  it('takes the sent spelling of spec §3: cf_ keys at the top, dotted keys, process_id of the path', async () => {
    const res = await create({
      title: 'Flat',
      cf_note: 'hi',
      'cf_office.city': 'Omsk',
      'custom_fields.cf_points': 3,
      process_id: p.process.id,
      assignee_id: null,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.custom_fields).toEqual({
      cf_points: 3,
      cf_note: 'hi',
      cf_office: { city: 'Omsk', street: null },
    })
    expect(res.body.data.assignee).toBeNull()
  })

  it('numbers tasks per process and never hands a number out twice, refusals included', async () => {
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const a = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    await refused(() => create({ title: '' }, w.adminToken, q.process.id))
    const b = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    expect([a.key, b.key]).toEqual([`${q.process.key}-1`, `${q.process.key}-2`])
    // A task gone (by a cascade, say) leaves its number used: the counter only grows.
    await db()
      .delete(tasks)
      .where(and(eq(tasks.nodeId, w.startId), eq(tasks.id, b.id)))
    const c = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    expect(c.key).toBe(`${q.process.key}-3`)
    const [row] = await db().select().from(processes).where(eq(processes.id, q.process.id))
    expect(row!.taskCounter).toBe(3)
    // A create the database refuses (here a status that is not there) writes no task, history row
    // or event; the number it took is skipped, never handed out again (ADR 022: keys may have gaps).
    const counts = async () =>
      (
        (await db().execute(sql`select (select count(*) from task_history)::int as history,
                                       (select count(*) from events)::int as events`)) as unknown as {
          rows: unknown[]
        }
      ).rows
    const before = await counts()
    const draft = {
      nodeId: w.startId,
      id: randomUUID(),
      processId: q.process.id,
      title: 'never',
      description: '',
      statusId: UNKNOWN_ID,
      assigneeId: null,
      authorId: w.adminId,
      customFields: {},
    }
    await expect(
      createTaskWithEvents(db(), draft, { event: taskCreated({ ...draft, key: '' }) }),
    ).rejects.toThrow()
    expect(await counts()).toEqual(before)
    const [kept] = await db().select().from(processes).where(eq(processes.id, q.process.id))
    expect(kept!.taskCounter).toBe(4)
    // Concurrent creations get distinct numbers, after the skipped one.
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create({ title: `c${i}` }, w.adminToken, q.process.id)),
    )
    const keys = many.map((r) => r.body.data.key).sort()
    expect(new Set(keys).size).toBe(6)
    expect(keys.every((k: string) => /-(5|6|7|8|9|10)$/.test(k))).toBe(true)
  })

  it.each<[string, unknown, number, string[]]>([
    ['no title', {}, 422, ['body.title:value_error.missing']],
    ['blank title', { title: '   ' }, 422, ['body.title:value_error.missing']],
    ['long title', { title: 'x'.repeat(256) }, 422, ['body.title:value_error.any_str.max_length']],
    ['unknown key', { title: 'T', priority: 1 }, 422, ['body:value_error.extra']],
    ['status on creation', { title: 'T', status_id: UNKNOWN_ID }, 422, ['body:value_error.extra']],
    ['bad assignee id', { title: 'T', assignee_id: 'bob' }, 422, ['body.assignee_id:value_error.uuid']],
    [
      'unknown assignee',
      { title: 'T', assignee_id: UNKNOWN_ID },
      404,
      ['body.assignee_id:users.user_not_found'],
    ],
    [
      'bad custom values',
      { title: 'T', custom_fields: { cf_points: 'many', cf_note: 'x'.repeat(21) } },
      422,
      ['body.custom_fields.cf_note:validation.max_length', 'body.custom_fields.cf_points:value_error.number'],
    ],
    [
      'unknown custom field',
      { title: 'T', cf_nope: 1 },
      422,
      ['body.custom_fields.cf_nope:value_error.extra'],
    ],
    [
      'read-only on the form',
      { title: 'T', custom_fields: { cf_locked: 'x' } },
      422,
      ['body.custom_fields.cf_locked:tasks.field_not_editable'],
    ],
    [
      'another process in the body',
      { title: 'T', process_id: UNKNOWN_ID },
      422,
      ['body.process_id:tasks.field_not_editable'],
    ],
    ['not JSON object', [1, 2], 422, ['body:value_error']],
  ])('refuses %s, changing nothing', async (_label, body, status, expected) => {
    const res = await refused(() => create(body))
    expect([res.status, locs(res.body)]).toEqual([status, expected])
  })

  it("refuses an assignee not bound to the node, and another node's process (404)", async () => {
    const stranger = await createUser(w.h)
    const res = await refused(() => create({ title: 'T', assignee_id: stranger.id }))
    expect([res.status, locs(res.body)]).toEqual([404, ['body.assignee_id:users.user_not_found']])
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    for (const id of [theirs.process.id, UNKNOWN_ID]) {
      const other = await refused(() => create({ title: 'T' }, w.adminToken, id))
      expect([other.status, locs(other.body)]).toEqual([404, ['params.id:processes.process_not_found']])
    }
    const otherNode = await refused(() => create({ title: 'T' }, w.userToken, theirs.process.id, w.demoId))
    expect([otherNode.status, otherNode.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
  })

  it('with no form, takes no custom fields; with a required rule on the first status, needs it', async () => {
    const bare = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const res = await refused(() => create({ title: 'T', cf_points: 1 }, w.adminToken, bare.process.id))
    expect([res.status, locs(res.body)]).toEqual([
      422,
      ['body.custom_fields.cf_points:tasks.field_not_editable'],
    ])
    const strict = await makeTaskProcess(w.h, w.adminToken, w.startId, {
      body: (s) => ({
        field_rules: [
          { status_id: s[0], field: 'assignee', rule: 'required' },
          { status_id: s[0], field: 'cf_office.city', rule: 'required' },
        ],
      }),
    })
    const missing = await refused(() => create({ title: 'T' }, w.adminToken, strict.process.id))
    expect([missing.status, locs(missing.body)]).toEqual([
      422,
      [
        'body.assignee_id:workflow.field_required',
        'body.custom_fields.cf_office.city:workflow.field_required',
      ],
    ])
    expect(missing.body.detail[0].ctx).toEqual({ field: 'assignee' })
    const ok = await create(
      { title: 'T', assignee_id: w.adminId, cf_office: { city: 'Tver' } },
      w.adminToken,
      strict.process.id,
    )
    expect(ok.status).toBe(201)
    expect(ok.body.data.field_rules).toEqual({ required: ['assignee', 'cf_office.city'], readonly: [] })
  })

  it('needs task_create for the process key (403), and a token (401)', async () => {
    const other = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const creator = await userWith(w.h, w.startId, [`task_create:${p.process.key}`])
    expect((await create({ title: 'Mine' }, creator.token)).status).toBe(201)
    const res = await refused(() => create({ title: 'T' }, creator.token, other.process.id))
    expect([res.status, res.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const viewer = await refused(() => create({ title: 'T' }, w.userToken))
    expect(viewer.status).toBe(403)
    await expectEachRefused(w.h, refusedTokens, (token) =>
      w.h.call('POST', `/tasks/${w.startId}/${p.process.id}`, { token, body: { title: 'T' } }),
    )
  })
})

describe('GET /tasks/{nodeId}/{taskId}, /{taskKey}/key and the list', () => {
  it('reads a task by id and by key (any case)', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id, { cf_points: 2 })
    const byId = await call('GET', `/tasks/${w.startId}/${t.id}`, w.adminToken)
    expect(byId.status).toBe(200)
    expect(byId.body.data).toEqual(t)
    const byKey = await call('GET', `/tasks/${w.startId}/${t.key.toLowerCase()}/key`, w.adminToken)
    expect(byKey.body.data).toEqual(t)
  })

  it("answers an unknown task, another node's, or one the caller may not view with 404 task_not_found", async () => {
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const hidden = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const hiddenTask = await makeTask(w.h, w.adminToken, w.startId, hidden.process.id)
    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    const cases: [string, string][] = [
      [`/tasks/${w.startId}/${UNKNOWN_ID}`, w.adminToken],
      [`/tasks/${w.startId}/${theirTask.id}`, w.adminToken],
      [`/tasks/${w.startId}/${theirTask.key}/key`, w.adminToken],
      [`/tasks/${w.startId}/NOPE-1/key`, w.adminToken],
      [`/tasks/${w.startId}/${hiddenTask.id}`, viewer.token],
      [`/tasks/${w.startId}/${hiddenTask.key}/key`, viewer.token],
    ]
    for (const [path, token] of cases) {
      const res = await call('GET', path, token)
      expect([path, res.status, res.body.detail[0].type]).toEqual([path, 404, 'tasks.task_not_found'])
    }
    const mine = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const seen = await call('GET', `/tasks/${w.startId}/${mine.id}`, viewer.token)
    expect(seen.status).toBe(200)
    // Seen, not editable: no moves offered.
    expect(seen.body.data.allowed_moves).toEqual([])
    const bad = await call('GET', `/tasks/${w.startId}/nope`, w.adminToken)
    expect([bad.status, locs(bad.body)]).toEqual([422, ['params.id:value_error.uuid']])
    await expectEachRefused(w.h, refusedTokens, (token) =>
      w.h.call('GET', `/tasks/${w.startId}/${mine.id}`, { token }),
    )
  })

  it('lists the tasks the caller may view, newest updated first, paginated, by process', async () => {
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const made = []
    for (let i = 0; i < 3; i++) made.push(await makeTask(w.h, w.adminToken, w.startId, q.process.id))
    const page1 = await call('GET', `/tasks/${w.startId}?process_id=${q.process.id}&per_page=2`, w.adminToken)
    expect(page1.status).toBe(200)
    expect(page1.body.meta).toEqual({ total: 3, page: 1, per_page: 2 })
    expect(page1.body.data.map((t: { key: string }) => t.key)).toEqual([made[2].key, made[1].key])
    const page2 = await call(
      'GET',
      `/tasks/${w.startId}?process_id=${q.process.id}&per_page=2&page=2`,
      w.adminToken,
    )
    expect(page2.body.data.map((t: { key: string }) => t.key)).toEqual([made[0].key])
    // An edit moves a task to the top.
    await call('PATCH', `/tasks/${w.startId}/${made[0].id}`, w.adminToken, { version: 1, title: 'Edited' })
    const again = await call('GET', `/tasks/${w.startId}?process_id=${q.process.id}`, w.adminToken)
    expect(again.body.data[0].id).toBe(made[0].id)

    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    const theirs = await call('GET', `/tasks/${w.startId}?per_page=500`, viewer.token)
    expect(theirs.body.data.length).toBeGreaterThan(0)
    expect(theirs.body.data.every((t: { process: { id: string } }) => t.process.id === p.process.id)).toBe(
      true,
    )
    const notTheirs = await call('GET', `/tasks/${w.startId}?process_id=${q.process.id}`, viewer.token)
    expect(notTheirs.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 10 } })
    const nobody = await userWith(w.h, w.startId, [])
    const forbidden = await call('GET', `/tasks/${w.startId}`, nobody.token)
    expect([forbidden.status, forbidden.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const otherNode = await call('GET', `/tasks/${w.demoId}`, w.userToken)
    expect([otherNode.status, otherNode.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    const bad = await call('GET', `/tasks/${w.startId}?per_page=501&process_id=x`, w.adminToken)
    expect(locs(bad.body).sort()).toEqual(['query.per_page:value_error', 'query.process_id:value_error.uuid'])
  })
})
