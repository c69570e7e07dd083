import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { createUser } from '../../../test/tenant-factories'
import {
  nodeUsers,
  processes,
  processFieldRules,
  processTransitions,
  rights,
  statuses,
  taskHistory,
  tasks,
} from '../../db/schema'
import { BULK_EDIT_LIMIT } from '../../services/task-bulk-edit'

/*
 * POST /tasks/{nodeId}/rql (bulk edit) and its undo: all or nothing, dry runs that write nothing,
 * history under one batch id, undo refused once a task changed since, the size limit, task_edit.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
})
afterAll(async () => {
  await w?.h.close()
})

const edit = (body: Record<string, unknown>, token = w.adminToken) =>
  w.h.call('POST', `/tasks/${w.nodeId}/rql`, { token, body })
const undo = (batchId: string, token = w.adminToken) =>
  w.h.call('POST', `/tasks/${w.nodeId}/rql/undo/${batchId}`, { token })

async function task(key: string) {
  const [t] = await w.h.database.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, key)))
  return t!
}

describe('refusals change nothing', () => {
  it('refuses a bad patch before looking at tasks', async () => {
    const db = w.h.database.db
    const stranger = await createUser(w.h)
    await unchanged(db, async () => {
      expect((await edit({ query: '', patch: {} })).status).toBe(422)
      const extra = await edit({ query: '', patch: { custom_fields: { cf_nope: 1 } } })
      expect(locs(extra.body)).toEqual(['body.patch.custom_fields.cf_nope:value_error.extra'])
      const long = await edit({ query: '', patch: { custom_fields: { cf_limit: 'abcdefgh' } } })
      expect(locs(long.body)).toEqual(['body.patch.custom_fields.cf_limit:validation.max_length'])
      const who = await edit({ query: '', patch: { assignee_id: stranger.id } })
      expect(locs(who.body)).toEqual(['body.patch.assignee_id:users.user_not_found'])
      const bad = await edit({ query: 'nosuch = 1', patch: { title: 'x' } })
      expect(bad.body.detail[0]).toMatchObject({ type: 'rql.unknown_field', ctx: { position: 1 } })
    })
  })

  it('changes nothing when one task may not take the patch, and names it', async () => {
    const db = w.h.database.db
    // DEV allows only Open → Done; OPS has no transitions (any move in its progress).
    await db.insert(processTransitions).values({
      nodeId: w.nodeId,
      processId: w.process.dev,
      fromStatusId: w.status.open,
      toStatusId: w.status.done,
    })
    try {
      const res = await unchanged(db, () =>
        edit({ query: 'status.name = Open', patch: { status_id: w.status.progress, title: 'moved' } }),
      )
      expect(res.status).toBe(422)
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          type: 'workflow.move_not_allowed',
          loc: ['body', 'patch', 'status_id'],
          ctx: { task: 'DEV-1' },
        }),
      ])
      // A dry run lists the refusal as the run would, beside what would change of the others.
      const dry = await unchanged(db, () =>
        edit({
          query: 'status.name = Open order by key',
          patch: { status_id: w.status.progress },
          dry_run: true,
        }),
      )
      expect(dry.status).toBe(200)
      expect(dry.body.data).toMatchObject({ dry_run: true, refused: 1, run_status: 422 })
      expect(dry.body.data.refusals).toEqual(
        res.body.detail.map(({ msg, ...d }: { msg: string }) => ({ ...d, msg })),
      )
      expect(dry.body.data.tasks.map((t: { key: string }) => t.key)).not.toContain('DEV-1')
      expect(dry.body.data.tasks[0].changes).toEqual([
        { field: 'status', old: w.status.open, new: w.status.progress },
      ])
    } finally {
      await db.delete(processTransitions).where(eq(processTransitions.processId, w.process.dev))
    }
  })

  it('asks for the fields a move requires, after the patch', async () => {
    const db = w.h.database.db
    await db.insert(processTransitions).values({
      nodeId: w.nodeId,
      processId: w.process.dev,
      fromStatusId: w.status.progress,
      toStatusId: w.status.done,
      requiredFields: ['cf_text', 'assignee'],
    })
    try {
      // DEV-2 and DEV-10 are in progress, unassigned; only DEV-2 has cf_text.
      const refused = await unchanged(db, () =>
        edit({
          query: 'status.name = "In progress"',
          patch: { status_id: w.status.done, assignee_id: w.userId },
        }),
      )
      expect(refused.body.detail).toEqual([
        expect.objectContaining({
          type: 'workflow.field_required',
          loc: ['body', 'patch', 'custom_fields', 'cf_text'],
          ctx: { task: 'DEV-10', field: 'cf_text' },
        }),
      ])
      const dry = await edit({
        query: 'status.name = "In progress"',
        patch: { status_id: w.status.done, assignee_id: w.userId, custom_fields: { cf_text: 'filled' } },
        dry_run: true,
      })
      expect(dry.status, JSON.stringify(dry.body)).toBe(200)
      expect(dry.body.data.count).toBe(2)
    } finally {
      await db.delete(processTransitions).where(eq(processTransitions.processId, w.process.dev))
    }
  })

  it('keeps read-only fields of the current status as they are', async () => {
    const db = w.h.database.db
    await db.insert(processFieldRules).values({
      nodeId: w.nodeId,
      processId: w.process.ops,
      statusId: w.status.open,
      field: 'cf_points',
      rule: 'readonly',
    })
    try {
      const res = await unchanged(db, () =>
        edit({ query: 'cf_points > 0', patch: { custom_fields: { cf_points: 7 } } }),
      )
      expect(res.body.detail).toEqual([
        expect.objectContaining({
          type: 'workflow.field_readonly',
          loc: ['body', 'patch', 'custom_fields', 'cf_points'],
          ctx: { task: 'OPS-1', field: 'cf_points' },
        }),
      ])
    } finally {
      await db.delete(processFieldRules).where(eq(processFieldRules.processId, w.process.ops))
    }
  })

  it('needs task_edit, and touches only the processes it names', async () => {
    const db = w.h.database.db
    await unchanged(db, async () => {
      expect((await edit({ query: '', patch: { title: 'x' } }, w.userToken)).status).toBe(403)
    })
    const ops = await createUser(w.h)
    await db.insert(nodeUsers).values({ nodeId: w.nodeId, userId: ops.id })
    await db.insert(rights).values([
      { nodeId: w.nodeId, subjectType: 'user', subjectId: ops.id, rightCode: 'is_authorized' },
      { nodeId: w.nodeId, subjectType: 'user', subjectId: ops.id, rightCode: 'task_view' },
      {
        nodeId: w.nodeId,
        subjectType: 'user',
        subjectId: ops.id,
        rightCode: 'task_edit',
        attributes: ['OPS'],
      },
    ])
    const token = await w.h.login(ops)
    const dry = await edit({ query: 'cf_text ~ alpha', patch: { title: 'renamed' }, dry_run: true }, token)
    expect(dry.body.data).toMatchObject({ count: 1, sample: [{ key: 'OPS-1' }] })
  })
})

describe('bulk edit and undo', () => {
  it('dry run: the count and a sample before/after, nothing written', async () => {
    const res = await unchanged(w.h.database.db, () =>
      edit({
        query: 'cf_points = 5 order by key',
        patch: { assignee_id: w.userId, custom_fields: { cf_text: 'bulk', cf_priority: 'low' } },
        dry_run: true,
      }),
    )
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toEqual({
      dry_run: true,
      count: 2,
      refused: 0,
      unchanged: 0,
      run_status: 200,
      refusals: [],
      tasks: [
        {
          id: w.ids['DEV-1'],
          key: 'DEV-1',
          title: expect.any(String),
          changes: [
            { field: 'cf_priority', old: 'high', new: 'low' },
            { field: 'cf_text', old: 'Alpha 100% done', new: 'bulk' },
          ],
        },
        {
          id: w.ids['DEV-10'],
          key: 'DEV-10',
          title: expect.any(String),
          changes: [
            { field: 'assignee', old: null, new: w.userId },
            { field: 'cf_priority', old: null, new: 'low' },
            { field: 'cf_text', old: null, new: 'bulk' },
          ],
        },
      ],
      sample: [
        {
          id: w.ids['DEV-1'],
          key: 'DEV-1',
          before: { cf_text: 'Alpha 100% done', cf_priority: 'high' },
          after: { cf_text: 'bulk', cf_priority: 'low' },
        },
        {
          id: w.ids['DEV-10'],
          key: 'DEV-10',
          before: { assignee: null, cf_text: null, cf_priority: null },
          after: { assignee: w.userId, cf_text: 'bulk', cf_priority: 'low' },
        },
      ],
    })
  })

  it('edits every match in one batch, and undoes it while nothing changed since', async () => {
    const db = w.h.database.db
    const before = await Promise.all(['DEV-1', 'DEV-10'].map(task))
    const res = await edit({
      query: 'cf_points = 5',
      patch: { assignee_id: w.userId, custom_fields: { cf_text: 'bulk', cf_place: { city: 'Kazan' } } },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.count).toBe(2)
    expect(res.body.detail[0]).toMatchObject({ type: 'tasks.tasks_edited', ctx: { count: 2 } })
    const batchId = res.body.data.batch_id as string
    const after = await Promise.all(['DEV-1', 'DEV-10'].map(task))
    expect(after.map((t) => [t.version, t.assigneeId, t.customFields.cf_text])).toEqual([
      [2, w.userId, 'bulk'],
      [2, w.userId, 'bulk'],
    ])
    // Other values kept; the composite replaced as a whole.
    expect(after[0]!.customFields).toMatchObject({
      cf_points: 5,
      cf_tags: ['bug'],
      cf_place: { city: 'Kazan' },
    })
    const history = await db.select().from(taskHistory).where(eq(taskHistory.batchId, batchId))
    // DEV-1 was assigned already: its assignee is not a change.
    expect(history.map((h) => `${h.field}`).sort()).toEqual(
      ['assignee', 'cf_place', 'cf_place', 'cf_text', 'cf_text'].sort(),
    )
    expect(new Set(history.map((h) => h.actorId))).toEqual(new Set([w.adminId]))

    const back = await undo(batchId)
    expect(back.status, JSON.stringify(back.body)).toBe(200)
    expect(back.body.data.count).toBe(2)
    const restored = await Promise.all(['DEV-1', 'DEV-10'].map(task))
    for (const [i, t] of restored.entries()) {
      expect(t.version).toBe(3)
      expect(t.assigneeId).toBe(before[i]!.assigneeId)
      expect(t.customFields.cf_text ?? null).toEqual(before[i]!.customFields.cf_text ?? null)
    }
    // Restored through the planner, so in its canonical form: the address's empty parts are null.
    expect(restored[0]!.customFields.cf_place).toMatchObject({ city: 'Moscow', street: 'Tverskaya' })
    expect(
      Object.values(restored[0]!.customFields.cf_place as object).filter((v) => v !== null),
    ).toHaveLength(2)
    const undoRows = await db
      .select()
      .from(taskHistory)
      .where(eq(taskHistory.batchId, back.body.data.batch_id))
    expect(undoRows).toHaveLength(history.length)

    // Undoing the first batch again is refused: it is undone; the undo itself can be undone.
    const again = await unchanged(db, () => undo(batchId))
    expect(again.status).toBe(409)
    expect(again.body.detail[0].type).toBe('tasks.batch_undone')
    expect((await undo(back.body.data.batch_id)).status).toBe(200)
    expect((await task('DEV-1')).customFields.cf_text).toBe('bulk')
  })

  it('gives totals that follow the edit and its undo at once (kept totals are forgotten)', async () => {
    const total = async (query: string) =>
      (await w.h.call('POST', `/tasks/rql/${w.nodeId}`, { token: w.adminToken, body: { query } })).body.meta
        .total as number
    const tagged = await total('cf_text = "totals"')
    const all = await total('')
    expect(tagged).toBe(0)
    const res = await edit({ query: 'key = DEV-3', patch: { custom_fields: { cf_text: 'totals' } } })
    expect(res.body.data.count, JSON.stringify(res.body)).toBe(1)
    expect([await total('cf_text = "totals"'), await total('')]).toEqual([1, all])
    expect((await undo(res.body.data.batch_id)).status).toBe(200)
    expect(await total('cf_text = "totals"')).toBe(0)
  })

  it('gives totals that follow a change made straight in the database (another instance, a script)', async () => {
    const total = async () =>
      (
        await w.h.call('POST', `/tasks/rql/${w.nodeId}`, {
          token: w.adminToken,
          body: { query: 'cf_text = "from elsewhere"' },
        })
      ).body.meta.total as number
    expect(await total()).toBe(0)
    const db = w.h.database.db
    const { customFields } = await task('OPS-1')
    await db
      .update(tasks)
      .set({ customFields: { ...customFields, cf_text: 'from elsewhere' } })
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, 'OPS-1')))
    expect(await total()).toBe(1)
    await db
      .update(tasks)
      .set({ customFields })
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, 'OPS-1')))
    expect(await total()).toBe(0)
  })

  it('refuses to undo once a task changed since (409), and an unknown batch (404)', async () => {
    const db = w.h.database.db
    const res = await edit({ query: 'key = OPS-1', patch: { title: 'Server up' } })
    const batchId = res.body.data.batch_id as string
    // A later edit of one of its tasks, as the task card makes it.
    await db.insert(taskHistory).values({
      nodeId: w.nodeId,
      taskId: w.ids['OPS-1']!,
      actorId: w.userId,
      field: 'title',
      oldValue: 'Server up',
      newValue: 'Server sideways',
    })
    await db.update(tasks).set({ title: 'Server sideways' }).where(eq(tasks.id, w.ids['OPS-1']!))
    const refused = await unchanged(db, () => undo(batchId))
    expect(refused.status).toBe(409)
    expect(refused.body.detail[0].type).toBe('tasks.batch_changed')
    // Not the author's nor an administrator's: the batch does not exist for them.
    const stranger = await unchanged(db, () => undo(batchId, w.userToken))
    expect([stranger.status, stranger.body.detail[0].type]).toEqual([404, 'tasks.batch_not_found'])
    expect((await undo('00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('counts only tasks that change, and answers no batch when none does', async () => {
    const res = await unchanged(w.h.database.db, () =>
      edit({ query: 'key = OPS-1', patch: { title: 'Server sideways' } }),
    )
    expect(res.body.data).toEqual({ count: 0, batch_id: null })
  })

  it('moves statuses where the process allows it', async () => {
    const res = await edit({ query: 'status.name = Open', patch: { status_id: w.status.done } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data.count).toBe(2)
    expect((await task('DEV-1')).statusId).toBe(w.status.done)
    expect((await undo(res.body.data.batch_id)).status).toBe(200)
    expect((await task('DEV-1')).statusId).toBe(w.status.open)
  })
})

describe('the size limit', () => {
  it(`refuses to touch more than ${BULK_EDIT_LIMIT} tasks at once, changing nothing`, async () => {
    const db = w.h.database.db
    const [status] = await db.select().from(statuses).where(eq(statuses.nodeId, w.otherNodeId)).limit(1)
    const [proc] = await db.select().from(processes).where(eq(processes.nodeId, w.otherNodeId)).limit(1)
    await db.execute(sql`
      insert into tasks (node_id, process_id, number, key, title, status_id, author_id)
      select ${w.otherNodeId}, ${proc!.id}, 100 + n, 'DEV-' || (100 + n), 'many', ${status!.id}, ${w.adminId}
        from generate_series(1, ${BULK_EDIT_LIMIT}) as n`)
    const res = await unchanged(db, () =>
      w.h.call('POST', `/tasks/${w.otherNodeId}/rql`, {
        token: w.adminToken,
        body: { query: '', patch: { title: 'x' } },
      }),
    )
    expect(res.status).toBe(422)
    expect(res.body.detail[0]).toMatchObject({ type: 'rql.too_many_tasks', ctx: { max: BULK_EDIT_LIMIT } })
    await db.delete(tasks).where(and(eq(tasks.nodeId, w.otherNodeId), inArray(tasks.title, ['many'])))
  })
})
