import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { makeFields, makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { createTeam, UNKNOWN_ID } from '../../../test/tenant-factories'
import { makeStatus, startWorkflowApi } from '../../../test/workflow-factories'
import { nodeUsers, tasks } from '../../db/schema'
import { taskChangeEvents } from '../../events/emit'
import { editTaskWithEvents } from '../../repositories/tasks-repository'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
beforeAll(async () => {
  w = await startWorkflowApi()
  await makeFields(w.h, w.adminToken, w.startId)
  p = await makeTaskProcess(w.h, w.adminToken, w.startId)
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(db(), act)
const patch = (id: string, body: unknown, token = w.adminToken) =>
  call('PATCH', `/tasks/${w.startId}/${id}`, token, body)
const history = async (id: string) =>
  (await call('GET', `/tasks/${w.startId}/${id}/history?per_page=100`, w.adminToken)).body.data as {
    field: string
    old_value: unknown
    new_value: unknown
  }[]

describe('PATCH /tasks/{nodeId}/{taskId}', () => {
  it('edits what is editable, bumps the version, writes one history row per changed field', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id, { cf_points: 1 })
    const res = await patch(t.id, {
      version: 1,
      title: 'New title',
      description: 'More',
      assignee_id: w.userId,
      status_id: p.statusIds[1],
      'cf_office.city': 'Kazan',
      custom_fields: { cf_points: '2' },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.detail).toEqual([{ type: 'tasks.task_edited', msg: 'Task edited' }])
    expect(res.body.data).toMatchObject({
      title: 'New title',
      description: 'More',
      version: 2,
      assignee: { id: w.userId },
      status: { id: p.statusIds[1] },
      custom_fields: { cf_points: 2, cf_office: { city: 'Kazan', street: null } },
    })
    const rows = await history(t.id)
    expect(rows.map((r) => [r.field, r.old_value, r.new_value])).toEqual(
      expect.arrayContaining([
        ['title', t.title, 'New title'],
        ['description', '', 'More'],
        ['assignee', null, w.userId],
        ['status', p.statusIds[0], p.statusIds[1]],
        ['cf_points', 1, 2],
        ['cf_office', null, { city: 'Kazan', street: null }],
      ]),
    )
    expect(rows).toHaveLength(7) // and 'created'
    expect(rows.at(-1)!.field).toBe('created')
    // The same values again: no edit, no history, the same version.
    const same = await refused(() => patch(t.id, { version: 2, title: 'New title', cf_points: 2 }))
    expect([same.status, same.body.data.version]).toEqual([200, 2])
  })

  it('refuses a stale version with 409 task_conflict, changing nothing', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    expect((await patch(t.id, { version: 1, title: 'first' })).status).toBe(200)
    const res = await refused(() => patch(t.id, { version: 1, title: 'second' }))
    expect([res.status, locs(res.body)]).toEqual([409, ['body.version:tasks.task_conflict']])
    // Two editors at once from the same version: one wins, the other is told.
    const [a, b] = await Promise.all([
      patch(t.id, { version: 2, title: 'A' }),
      patch(t.id, { version: 2, title: 'B' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
  })

  it('writes the row, its history and its events in one statement: all or nothing (issue 15)', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const [before] = await db().select().from(tasks).where(eq(tasks.id, t.id))
    const change = { field: 'title', old: before!.title, new: 'never' }
    const event = taskChangeEvents(
      { node_id: w.startId, actor_id: w.adminId, task: { id: t.id, key: t.key }, version: 2 },
      [change],
    )
    const edit = { ...before!, title: 'never' }
    // The database refuses it (a status that is not there): no row changed, no history, no event.
    await unchanged(db(), async () => {
      await expect(
        editTaskWithEvents(
          db(),
          before!,
          { ...edit, statusId: UNKNOWN_ID },
          { actorId: w.adminId, changes: [change] },
          event,
        ),
      ).rejects.toThrow()
    })
    // The version moved on since the read: nothing written, undefined (the service's 409).
    await unchanged(db(), async () => {
      const stale = { ...before!, version: before!.version + 1 }
      expect(
        await editTaskWithEvents(db(), stale, edit, { actorId: w.adminId, changes: [change] }, event),
      ).toBeUndefined()
    })
    const done = await editTaskWithEvents(
      db(),
      before!,
      edit,
      { actorId: w.adminId, changes: [change] },
      event,
    )
    expect(done).toMatchObject({ id: t.id, title: 'never', version: 2 })
    expect((await history(t.id))[0]).toMatchObject({ field: 'title', new_value: 'never' })
  })

  it.each<[string, (t: { id: string }) => unknown, number, string[]]>([
    ['no version', () => ({ title: 'x' }), 422, ['body.version:value_error.missing']],
    ['blank title', () => ({ version: 1, title: ' ' }), 422, ['body.title:value_error.missing']],
    ['unknown key', () => ({ version: 1, key: 'X-1' }), 422, ['body:value_error.extra']],
    [
      'another author',
      () => ({ version: 1, author_id: UNKNOWN_ID }),
      422,
      ['body.author_id:tasks.field_not_editable'],
    ],
    [
      'another process',
      () => ({ version: 1, process_id: UNKNOWN_ID }),
      422,
      ['body.process_id:tasks.field_not_editable'],
    ],
    [
      'an unknown assignee',
      () => ({ version: 1, assignee_id: UNKNOWN_ID }),
      404,
      ['body.assignee_id:users.user_not_found'],
    ],
    [
      'an unknown status',
      () => ({ version: 1, status_id: UNKNOWN_ID }),
      404,
      ['body.status_id:statuses.status_not_found'],
    ],
    [
      'a read-only field of the form',
      () => ({ version: 1, cf_locked: 'x' }),
      422,
      ['body.custom_fields.cf_locked:tasks.field_not_editable'],
    ],
    [
      'a bad value',
      () => ({ version: 1, cf_points: 'x' }),
      422,
      ['body.custom_fields.cf_points:value_error.number'],
    ],
    [
      'an unknown field',
      () => ({ version: 1, cf_nope: 'x' }),
      422,
      ['body.custom_fields.cf_nope:value_error.extra'],
    ],
  ])('refuses %s, changing nothing', async (_label, body, status, expected) => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    const res = await refused(() => patch(t.id, body(t)))
    expect([res.status, locs(res.body)]).toEqual([status, expected])
  })

  it('accepts author, process and read-only values sent back unchanged (a whole card posted)', async () => {
    const leaver = await userWith(w.h, w.startId, [])
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id, { assignee_id: leaver.id })
    // The assignee leaves the node: the card still saves with them on it.
    await w.h.database.db
      .delete(nodeUsers)
      .where(and(eq(nodeUsers.nodeId, w.startId), eq(nodeUsers.userId, leaver.id)))
    const res = await patch(t.id, {
      version: 1,
      title: 'Whole',
      author_id: w.adminId,
      process_id: p.process.id,
      assignee_id: leaver.id,
      cf_locked: null,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    // Set again to someone else, the unbound user would be refused.
    expect((await patch(t.id, { version: 2, assignee_id: w.adminId })).status).toBe(200)
    const back = await refused(() => patch(t.id, { version: 3, assignee_id: leaver.id }))
    expect([back.status, locs(back.body)]).toEqual([404, ['body.assignee_id:users.user_not_found']])
  })

  it("answers another node's task, an unknown one, or one the caller may not view with 404; a viewer with 403", async () => {
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const hidden = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const hiddenTask = await makeTask(w.h, w.adminToken, w.startId, hidden.process.id)
    const editor = await userWith(w.h, w.startId, [
      `task_view:${p.process.key}`,
      `task_edit:${p.process.key},${hidden.process.key}`,
    ])
    for (const [id, token] of [
      [theirTask.id, w.adminToken],
      [UNKNOWN_ID, w.adminToken],
      [hiddenTask.id, editor.token],
    ] as const) {
      const res = await refused(() => patch(id, { version: 1, title: 'x' }, token))
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
    }
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    expect((await patch(t.id, { version: 1, title: 'by editor' }, editor.token)).status).toBe(200)
    const viewer = await refused(() => patch(t.id, { version: 2, title: 'x' }, w.userToken))
    expect([viewer.status, viewer.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    await expectEachRefused(w.h, await badTokens(w.h), (token) =>
      w.h.call('PATCH', `/tasks/${w.startId}/${t.id}`, { token, body: { version: 2, title: 'x' } }),
    )
  })
})

describe('status moves (PRODUCT.md §4)', () => {
  it('with no transitions, moves anywhere within the progress; not out of it', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    expect((await patch(t.id, { version: 1, status_id: p.statusIds[2] })).status).toBe(200)
    expect((await patch(t.id, { version: 2, status_id: p.statusIds[0] })).status).toBe(200)
    const outside = await makeStatus(w.h, w.adminToken, w.startId)
    const res = await refused(() => patch(t.id, { version: 3, status_id: outside.id }))
    expect([res.status, locs(res.body)]).toEqual([422, ['body.status_id:workflow.status_not_in_progress']])
  })

  it('with transitions, only those listed, by the right team and right; with the fields they need', async () => {
    const qa = await userWith(w.h, w.startId, ['task_view', 'task_edit'])
    const team = await createTeam(w.h, w.startId, [qa.id])
    const q = await makeTaskProcess(w.h, w.adminToken, w.startId, {
      body: ([todo, doing, done]) => ({
        transitions: [
          { from_status_id: todo, to_status_id: doing, required_fields: ['assignee'] },
          { from_status_id: doing, to_status_id: done, team_ids: [team.id], required_fields: ['cf_points'] },
          { from_status_id: done, to_status_id: todo, right: 'is_admin' },
        ],
        field_rules: [
          { status_id: done, field: 'title', rule: 'readonly' },
          { status_id: done, field: 'cf_note', rule: 'required' },
        ],
      }),
    })
    const [todo, doing, done] = q.statusIds
    const t = await makeTask(w.h, w.adminToken, w.startId, q.process.id)
    expect(t.allowed_moves).toEqual([{ to_status_id: doing, required_fields: ['assignee'] }])

    const skip = await refused(() => patch(t.id, { version: 1, status_id: done }))
    expect([skip.status, locs(skip.body)]).toEqual([422, ['body.status_id:workflow.move_not_allowed']])
    const noAssignee = await refused(() => patch(t.id, { version: 1, status_id: doing }))
    expect([noAssignee.status, locs(noAssignee.body)]).toEqual([
      422,
      ['body.assignee_id:workflow.field_required'],
    ])
    const moved = await patch(t.id, { version: 1, status_id: doing, assignee_id: w.adminId })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)

    // The administrator is in no team: the team's move is not theirs.
    const stranger = await refused(() =>
      patch(t.id, { version: 2, status_id: done, cf_points: 1, cf_note: 'n' }),
    )
    expect([stranger.status, locs(stranger.body)]).toEqual([403, ['body.status_id:workflow.move_forbidden']])
    const qaToken = qa.token
    const seen = await call('GET', `/tasks/${w.startId}/${t.id}`, qaToken)
    expect(seen.body.data.allowed_moves).toEqual([
      { to_status_id: done, required_fields: ['cf_points', 'cf_note'] },
    ])
    const missing = await refused(() => patch(t.id, { version: 2, status_id: done }, qaToken))
    expect([missing.status, locs(missing.body)]).toEqual([
      422,
      [
        'body.custom_fields.cf_points:workflow.field_required',
        'body.custom_fields.cf_note:workflow.field_required',
      ],
    ])
    const done1 = await patch(t.id, { version: 2, status_id: done, cf_points: 3, cf_note: 'fixed' }, qaToken)
    expect(done1.status, JSON.stringify(done1.body)).toBe(200)
    expect(done1.body.data.field_rules).toEqual({ required: ['cf_note'], readonly: ['title'] })

    // In Done the title is read-only and the note stays required.
    const title = await refused(() => patch(t.id, { version: 3, title: 'changed' }))
    expect([title.status, locs(title.body)]).toEqual([422, ['body.title:workflow.field_readonly']])
    const clear = await refused(() => patch(t.id, { version: 3, cf_note: '' }))
    expect([clear.status, locs(clear.body)]).toEqual([
      422,
      ['body.custom_fields.cf_note:workflow.field_required'],
    ])
    // Back to To do needs is_admin for this move: the administrator holds it.
    const back = await patch(t.id, { version: 3, status_id: todo })
    expect(back.status, JSON.stringify(back.body)).toBe(200)
  })
})
