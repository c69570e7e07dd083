import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { makeTask } from '../../../test/task-factories'
import { createTeam, UNKNOWN_ID, userWithGrants } from '../../../test/tenant-factories'
import { migrationsFolder } from '../../db/client'
import { processFieldRules, processTransitions, rights, taskBatches, tasks } from '../../db/schema'

/*
 * Undo (issue 23, ADR 011 §8): only the batch's author or an administrator may undo it — to anyone
 * else it does not exist; every restore is an edit planned by the task-write planner (ADR 014), and
 * one refusal refuses the whole undo, listing the refusals; deleting what an import created needs
 * task_create. Each refusal is checked with a fingerprint of the whole database.
 */

let w: RqlWorld
/** Editors of every process (task_view + task_edit), neither of them an administrator. */
let ann: { id: string; token: string }
let bob: { id: string; token: string }
beforeAll(async () => {
  w = await startRqlWorld()
  const editor = [{ code: 'task_view' }, { code: 'task_edit' }, { code: 'task_create' }]
  ann = await userWithGrants(w.h, w.nodeId, editor)
  bob = await userWithGrants(w.h, w.nodeId, editor)
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

const db = () => w.h.database.db
const edit = (token: string, query: string, patch: Record<string, unknown>) =>
  w.h.call('POST', `/tasks/${w.nodeId}/rql`, { token, body: { query, patch } })
const undo = (batchId: string, token: string, nodeId = w.nodeId) =>
  w.h.call('POST', `/tasks/${nodeId}/rql/undo/${batchId}`, { token })

/** A batch of `token`'s: the edit must change something. */
async function batchOf(token: string, query: string, patch: Record<string, unknown>) {
  const res = await edit(token, query, patch)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data.batch_id).toBeTruthy()
  return res.body.data.batch_id as string
}

async function byKey(key: string) {
  const [t] = await db()
    .select()
    .from(tasks)
    .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, key)))
  return t!
}

const summary = (body: { detail: { type: string; loc?: unknown[]; ctx?: Record<string, unknown> }[] }) =>
  body.detail.map((d) => `${d.ctx?.task}:${(d.loc ?? []).join('.')}:${d.type}`)

describe('who may undo', () => {
  it('another editor gets 404 as for an unknown batch; the author and an administrator may', async () => {
    const batch = await batchOf(ann.token, 'key = DEV-2', { title: 'Ann was here' })
    const stranger = await unchanged(db(), () => undo(batch, bob.token))
    expect(stranger.status).toBe(404)
    expect(stranger.body.detail).toEqual([
      expect.objectContaining({ type: 'tasks.batch_not_found', loc: ['params', 'batchId'] }),
    ])
    // The same answer as for a batch that never was.
    const unknown = await undo(UNKNOWN_ID, bob.token)
    expect([unknown.status, unknown.body.detail[0].type]).toEqual([404, 'tasks.batch_not_found'])

    const own = await undo(batch, ann.token)
    expect(own.status, JSON.stringify(own.body)).toBe(200)
    expect(own.body.data).toEqual({ count: 1, batch_id: expect.any(String) })
    expect((await byKey('DEV-2')).title).toBe('Add export')

    const bobs = await batchOf(bob.token, 'key = DEV-2', { title: 'Bob was here' })
    const byAdmin = await undo(bobs, w.adminToken)
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200)
    expect((await byKey('DEV-2')).title).toBe('Add export')
  })

  it('is tenant-bound: another node’s batch is unknown here, another node is unknown to a stranger', async () => {
    const batch = await batchOf(w.adminToken, 'key = DEV-3', { title: 'Here only' })
    // The administrator is bound to both nodes: the batch is not the other node's.
    const there = await unchanged(db(), () => undo(batch, w.adminToken, w.otherNodeId))
    expect([there.status, there.body.detail[0].type]).toEqual([404, 'tasks.batch_not_found'])
    const stranger = await unchanged(db(), () => undo(batch, ann.token, w.otherNodeId))
    expect([stranger.status, stranger.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    expect((await undo(batch, w.adminToken)).status).toBe(200)
  })
})

describe('every restore goes through the planner', () => {
  it('gives each task back its own values', async () => {
    const keys = ['DEV-1', 'DEV-2', 'OPS-1']
    const before = await Promise.all(keys.map(byKey))
    const batch = await batchOf(ann.token, 'key in (DEV-1, DEV-2, OPS-1)', {
      custom_fields: { cf_text: 'same', cf_points: 1, cf_priority: 'low' },
    })
    expect((await undo(batch, ann.token)).status).toBe(200)
    const after = await Promise.all(keys.map(byKey))
    const values = (t: { customFields: Record<string, unknown> }) =>
      ['cf_text', 'cf_points', 'cf_priority'].map((f) => t.customFields[f] ?? null)
    expect(after.map(values)).toEqual(before.map(values))
    expect(new Set(before.map((t) => t.customFields.cf_text)).size).toBe(3)
  })

  it('refuses the whole undo when one task may not move back, listing it; nothing changes', async () => {
    // DEV moves Open → Done only; OPS has no transitions (any move). Both move in one batch.
    await db().insert(processTransitions).values({
      nodeId: w.nodeId,
      processId: w.process.dev,
      fromStatusId: w.status.open,
      toStatusId: w.status.done,
    })
    const team = await createTeam(w.h, w.nodeId, [])
    try {
      const batch = await batchOf(ann.token, 'key in (DEV-1, OPS-1)', { status_id: w.status.done })
      const refused = await unchanged(db(), () => undo(batch, ann.token))
      expect(refused.status).toBe(422)
      expect(summary(refused.body)).toEqual(['DEV-1:patch.status_id:workflow.move_not_allowed'])
      expect(refused.body.detail[0].msg).toBeTruthy()
      expect((await byKey('OPS-1')).statusId).toBe(w.status.done)

      // Back is allowed to a team Ann is not in: the move is hers to make or not (403).
      await db()
        .insert(processTransitions)
        .values({
          nodeId: w.nodeId,
          processId: w.process.dev,
          fromStatusId: w.status.done,
          toStatusId: w.status.open,
          teamIds: [team.id],
        })
      const forbidden = await unchanged(db(), () => undo(batch, ann.token))
      expect(forbidden.status).toBe(403)
      expect(summary(forbidden.body)).toEqual(['DEV-1:patch.status_id:workflow.move_forbidden'])

      // Once the move is anyone's, the undo goes through.
      await db()
        .update(processTransitions)
        .set({ teamIds: [] })
        .where(
          and(
            eq(processTransitions.processId, w.process.dev),
            eq(processTransitions.toStatusId, w.status.open),
          ),
        )
      const done = await undo(batch, ann.token)
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(done.body.data.count).toBe(2)
      expect([(await byKey('DEV-1')).statusId, (await byKey('OPS-1')).statusId]).toEqual([
        w.status.open,
        w.status.open,
      ])
    } finally {
      await db().delete(processTransitions).where(eq(processTransitions.processId, w.process.dev))
    }
  })

  it('keeps what the status holds read-only, and fills what it requires', async () => {
    const batch = await batchOf(ann.token, 'key = OPS-1', { custom_fields: { cf_points: 11, cf_memo: 'x' } })
    await db()
      .insert(processFieldRules)
      .values([
        {
          nodeId: w.nodeId,
          processId: w.process.ops,
          statusId: w.status.open,
          field: 'cf_points',
          rule: 'readonly',
        },
        {
          nodeId: w.nodeId,
          processId: w.process.ops,
          statusId: w.status.open,
          field: 'cf_memo',
          rule: 'required',
        },
      ])
    try {
      const refused = await unchanged(db(), () => undo(batch, ann.token))
      expect(refused.status).toBe(422)
      expect(summary(refused.body).sort()).toEqual([
        'OPS-1:patch.custom_fields.cf_memo:workflow.field_required',
        'OPS-1:patch.custom_fields.cf_points:workflow.field_readonly',
      ])
    } finally {
      await db().delete(processFieldRules).where(eq(processFieldRules.processId, w.process.ops))
    }
    expect((await undo(batch, ann.token)).status).toBe(200)
    expect((await byKey('OPS-1')).customFields.cf_points).toBe(10)
  })

  it('needs task_edit on the process now, even from the author', async () => {
    const carol = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_edit' }])
    const batch = await batchOf(carol.token, 'key = DEV-3', { title: 'Carol’s' })
    await db()
      .update(rights)
      .set({ attributes: ['OPS'] })
      .where(and(eq(rights.subjectId, carol.id), eq(rights.rightCode, 'task_edit')))
    const refused = await unchanged(db(), () => undo(batch, carol.token))
    expect(refused.status).toBe(403)
    expect(summary(refused.body)).toEqual(['DEV-3::rights.forbidden'])
    // An administrator still may.
    expect((await undo(batch, w.adminToken)).status).toBe(200)
  })
})

describe('an import’s undo', () => {
  it('deletes the tasks it created only with task_create on their process', async () => {
    const dave = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_create' }])
    const up = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports`, {
      token: dave.token,
      body: { file: Buffer.from('Title\nImported one\n').toString('base64') },
    })
    const run = await w.h.call('POST', `/tasks/${w.nodeId}/csv/imports/${up.body.data.id}/run`, {
      token: dave.token,
      body: { lang: 'en', mapping: ['title'], process_id: w.process.dev, dry_run: false },
    })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    const batch = run.body.data.batch_id as string
    const [made] = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.title, 'Imported one')))
    await db()
      .update(rights)
      .set({ attributes: ['OPS'] })
      .where(and(eq(rights.subjectId, dave.id), eq(rights.rightCode, 'task_create')))
    const refused = await unchanged(db(), () => undo(batch, dave.token))
    expect(refused.status).toBe(403)
    expect(summary(refused.body)).toEqual([`${made!.key}::rights.forbidden`])

    await db()
      .update(rights)
      .set({ attributes: null })
      .where(and(eq(rights.subjectId, dave.id), eq(rights.rightCode, 'task_create')))
    const done = await undo(batch, dave.token)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(await db().select().from(tasks).where(eq(tasks.id, made!.id))).toEqual([])
    // The tasks it deleted cannot come back: that undo is not undone.
    const again = await unchanged(db(), () => undo(done.body.data.batch_id, dave.token))
    expect([again.status, again.body.detail[0].type]).toEqual([409, 'tasks.batch_not_undoable'])
  })
})

describe('GET /tasks/{nodeId}/batches', () => {
  const list = (token: string, query = '', nodeId = w.nodeId) =>
    w.h.call('GET', `/tasks/${nodeId}/batches${query}`, { token })

  it('lists the caller’s own batches newest first, with undo state; an administrator sees all', async () => {
    const erin = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_edit' }])
    const task = await makeTask(w.h, w.adminToken, w.nodeId, w.process.ops, { title: 'Listed' })
    const q = `key = ${task.key}`
    const first = await batchOf(erin.token, q, { title: 'one' })
    const second = await batchOf(erin.token, q, { title: 'two' })
    const third = await batchOf(erin.token, q, { title: 'three' })
    const undone = await undo(third, erin.token)
    const undoId = undone.body.data.batch_id as string
    const other = await batchOf(ann.token, 'key = DEV-2', { description: 'Ann’s' })

    const mine = await list(erin.token)
    expect(mine.status, JSON.stringify(mine.body)).toBe(200)
    expect(mine.body.meta).toEqual({ total: 4, page: 1, per_page: 10 })
    expect(mine.body.data.map((b: { id: string }) => b.id)).toEqual([undoId, third, second, first])
    const [u, t3, t2, t1] = mine.body.data
    expect(u).toMatchObject({
      kind: 'undo',
      count: 1,
      query: null,
      undo_of: third,
      undone_by: null,
      undoable: true,
      reason: null,
      author: { id: erin.id },
    })
    expect(t3).toMatchObject({
      kind: 'bulk_edit',
      query: q,
      undone_by: undoId,
      undoable: false,
      reason: 'tasks.batch_undone',
    })
    // Its task changed since (by the next batches): no longer undoable, and said why.
    expect(t2).toMatchObject({ undoable: false, reason: 'tasks.batch_changed' })
    expect(t1).toMatchObject({ undoable: false, reason: 'tasks.batch_changed' })
    expect(new Date(t1.created_at).getTime()).toBeLessThanOrEqual(new Date(u.created_at).getTime())

    // The undo as the list says: a batch that undoes the undo (and so on) is the author's to make.
    const admin = await list(w.adminToken, '?per_page=500')
    const ids = admin.body.data.map((b: { id: string }) => b.id)
    expect(ids).toEqual(expect.arrayContaining([undoId, third, second, first, other]))
    expect(admin.body.data.find((b: { id: string }) => b.id === other).author.id).toBe(ann.id)
    expect((await list(ann.token)).body.data.map((b: { id: string }) => b.id)).not.toContain(first)

    // Pages.
    const p2 = await list(erin.token, '?page=2&per_page=3')
    expect(p2.body.meta).toEqual({ total: 4, page: 2, per_page: 3 })
    expect(p2.body.data.map((b: { id: string }) => b.id)).toEqual([first])
    expect((await list(erin.token, '?page=3&per_page=3')).body.data).toEqual([])
  })

  it('an undo of an undo redoes the batch, through the planner again', async () => {
    const task = await makeTask(w.h, w.adminToken, w.nodeId, w.process.ops, { title: 'Redo me' })
    const batch = await batchOf(ann.token, `key = ${task.key}`, { title: 'Redone' })
    const back = await undo(batch, ann.token)
    const redo = await undo(back.body.data.batch_id, ann.token)
    expect(redo.status, JSON.stringify(redo.body)).toBe(200)
    expect((await byKey(task.key)).title).toBe('Redone')
    // Each batch once: the original stays undone, the undo is now undone too.
    const again = await unchanged(db(), () => undo(back.body.data.batch_id, ann.token))
    expect([again.status, again.body.detail[0].type]).toEqual([409, 'tasks.batch_undone'])
  })

  it('the task’s history shows the batch and its undo', async () => {
    const task = await makeTask(w.h, w.adminToken, w.nodeId, w.process.ops, { title: 'Historic' })
    const batch = await batchOf(ann.token, `key = ${task.key}`, { title: 'Changed in bulk' })
    const back = await undo(batch, ann.token)
    const history = await w.h.call('GET', `/tasks/${w.nodeId}/${task.id}/history`, { token: ann.token })
    expect(history.status).toBe(200)
    const titles = history.body.data.filter((h: { field: string }) => h.field === 'title')
    expect(
      titles.map((h: { batch_id: string; old_value: string; new_value: string }) => [
        h.batch_id,
        h.old_value,
        h.new_value,
      ]),
    ).toEqual([
      [back.body.data.batch_id, 'Changed in bulk', 'Historic'],
      [batch, 'Historic', 'Changed in bulk'],
    ])
  })

  it('is bound to its node and to signed-in callers; bad parameters are 422', async () => {
    const stranger = await list(ann.token, '', w.otherNodeId)
    expect([stranger.status, stranger.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    // The administrator of both nodes sees none of this node's batches there.
    const there = await list(w.adminToken, '?per_page=500', w.otherNodeId)
    expect(there.status).toBe(200)
    expect(there.body.data).toEqual([])
    expect((await w.h.call('GET', `/tasks/${w.nodeId}/batches`)).status).toBe(401)
    expect((await list(ann.token, '', 'not-a-node')).status).toBe(422)
    for (const bad of ['?page=0', '?per_page=501', '?page=abc', '?per_page=-1', '?page=1.5'])
      expect((await list(ann.token, bad)).status, bad).toBe(422)
  })
})

describe('migration 0022', () => {
  // Last: it empties task_batches and fills it again from the history the tests above wrote.
  it('backfills the batches from their history: kind, author, count, time, which undid which', async () => {
    const recorded = await db().select().from(taskBatches).where(eq(taskBatches.nodeId, w.nodeId))
    const statements = readFileSync(join(migrationsFolder, '0022_task_batches.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => !/CREATE (TABLE|INDEX)|ALTER TABLE/.test(s))
    expect(statements).toHaveLength(3)
    await db().delete(taskBatches)
    for (const s of statements) await db().execute(sql.raw(s))
    const filled = await db().select().from(taskBatches).where(eq(taskBatches.nodeId, w.nodeId))
    const shape = (b: typeof taskBatches.$inferSelect) => ({
      id: b.id,
      kind: b.kind,
      authorId: b.authorId,
      count: b.count,
      createdAt: b.createdAt.toISOString(),
      undoOf: b.undoOf,
      undoneBy: b.undoneBy,
    })
    // An import undone left no history (its tasks went with theirs), nor did that undo: not listed.
    const kept = recorded.filter((b) => b.kind !== 'csv_import' && b.deleted === 0)
    expect(recorded.length - kept.length).toBe(2)
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect(filled.map(shape).sort(byId)).toEqual(kept.map(shape).sort(byId))
    expect(kept.filter((b) => b.kind === 'undo').length).toBeGreaterThan(5)
  })
})
