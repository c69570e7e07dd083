import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badTokens, expectEachRefused } from '../../../test/bad-tokens'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { makeTask, makeTaskProcess, userWith } from '../../../test/task-factories'
import { createUser, UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { parseMentions } from '../../services/task-comments'

let w: Awaited<ReturnType<typeof startWorkflowApi>>
let p: Awaited<ReturnType<typeof makeTaskProcess>>
let task: { id: string; key: string }
beforeAll(async () => {
  w = await startWorkflowApi()
  p = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
  task = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
})
afterAll(() => w.h.close())

const db = () => w.h.database.db
const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(db(), act)
const comment = (id: string, body: unknown, token = w.adminToken) =>
  call('POST', `/tasks/${w.startId}/${id}/comments`, token, body)

describe('parseMentions', () => {
  it.each<[string, { ids: string[]; emails: string[] }]>([
    ['hi @Bob@Example.com, see', { ids: [], emails: ['bob@example.com'] }],
    ['cc @a@b.io. and @a@b.io again', { ids: [], emails: ['a@b.io'] }],
    [`@${UNKNOWN_ID} please`, { ids: [UNKNOWN_ID], emails: [] }],
    ['mail bob@example.com, not a mention', { ids: [], emails: [] }],
    ['@bob and @ alone', { ids: [], emails: [] }],
  ])('%s', (body, expected) => {
    expect(parseMentions(body)).toEqual(expected)
  })
})

describe('GET/POST /tasks/{nodeId}/{taskId}/comments', () => {
  it('adds a comment with the mentions of users bound to the node; lists them oldest first', async () => {
    const outsider = await createUser(w.h)
    const res = await comment(task.id, {
      body: `  Please look, @user@example.com and @${w.adminId}; not @${outsider.email} nor @nobody@x.org  `,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.detail).toEqual([{ type: 'tasks.comment_created', msg: 'Comment added' }])
    expect(res.body.data).toMatchObject({
      body: `Please look, @user@example.com and @${w.adminId}; not @${outsider.email} nor @nobody@x.org`,
      author: { id: w.adminId },
      mentions: [w.adminId, w.userId],
    })
    await comment(task.id, { body: 'second' })
    const list = await call('GET', `/tasks/${w.startId}/${task.id}/comments`, w.userToken)
    expect(list.status).toBe(200)
    expect(list.body.meta).toEqual({ total: 2, page: 1, per_page: 10 })
    expect(list.body.data.map((c: { body: string }) => c.body.slice(0, 6))).toEqual(['Please', 'second'])
    const desc = await call(
      'GET',
      `/tasks/${w.startId}/${task.id}/comments?order=desc&per_page=1`,
      w.userToken,
    )
    expect(desc.body.data.map((c: { body: string }) => c.body)).toEqual(['second'])
  })

  it.each<[string, unknown, string[]]>([
    ['empty', { body: '   ' }, ['body.body:value_error.missing']],
    ['missing', {}, ['body.body:value_error.missing']],
    ['too long', { body: 'x'.repeat(10_001) }, ['body.body:value_error.any_str.max_length']],
    ['extra keys', { body: 'x', mentions: [] }, ['body:value_error.extra']],
  ])('refuses a comment %s (422), changing nothing', async (_label, body, expected) => {
    const res = await refused(() => comment(task.id, body))
    expect([res.status, locs(res.body)]).toEqual([422, expected])
  })

  it('takes 10 000 characters', async () => {
    expect((await comment(task.id, { body: 'y'.repeat(10_000) })).status).toBe(201)
  })

  it('needs task_view to read (404 otherwise) and task_edit to comment (403)', async () => {
    const hidden = await makeTaskProcess(w.h, w.adminToken, w.startId, { form: false })
    const hiddenTask = await makeTask(w.h, w.adminToken, w.startId, hidden.process.id)
    const viewer = await userWith(w.h, w.startId, [`task_view:${p.process.key}`])
    const read = await call('GET', `/tasks/${w.startId}/${hiddenTask.id}/comments`, viewer.token)
    expect([read.status, read.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
    const post = await refused(() => comment(hiddenTask.id, { body: 'x' }, viewer.token))
    expect([post.status, post.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
    const noEdit = await refused(() => comment(task.id, { body: 'x' }, viewer.token))
    expect([noEdit.status, noEdit.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const other = await refused(() => comment(theirTask.id, { body: 'x' }))
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
    await expectEachRefused(w.h, await badTokens(w.h), (token) =>
      w.h.call('POST', `/tasks/${w.startId}/${task.id}/comments`, { token, body: { body: 'x' } }),
    )
  })
})

describe('GET /tasks/{nodeId}/{taskId}/history', () => {
  it('pages the history newest first, with who made each change', async () => {
    const t = await makeTask(w.h, w.adminToken, w.startId, p.process.id)
    for (let v = 1; v <= 3; v++)
      await call('PATCH', `/tasks/${w.startId}/${t.id}`, w.adminToken, { version: v, title: `v${v}` })
    const res = await call('GET', `/tasks/${w.startId}/${t.id}/history?per_page=2`, w.userToken)
    expect(res.status).toBe(200)
    expect(res.body.meta).toEqual({ total: 4, page: 1, per_page: 2 })
    expect(res.body.data).toEqual([
      expect.objectContaining({
        field: 'title',
        old_value: 'v2',
        new_value: 'v3',
        actor: expect.objectContaining({ id: w.adminId }),
        batch_id: null,
      }),
      expect.objectContaining({ field: 'title', old_value: 'v1', new_value: 'v2' }),
    ])
    const last = await call('GET', `/tasks/${w.startId}/${t.id}/history?per_page=2&page=2`, w.userToken)
    expect(last.body.data.map((r: { field: string }) => r.field)).toEqual(['title', 'created'])
    const theirs = await makeTaskProcess(w.h, w.adminToken, w.demoId, { form: false })
    const theirTask = await makeTask(w.h, w.adminToken, w.demoId, theirs.process.id)
    const other = await call('GET', `/tasks/${w.startId}/${theirTask.id}/history`, w.adminToken)
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'tasks.task_not_found'])
  })
})
