import { randomUUID } from 'node:crypto'
import type { DetailEntry } from '@domain/errors/catalogue'
import { isPlainObject } from '@domain/fields/checks'
import { hasRight } from '@domain/rights/rights'
import {
  type PlanContext,
  planEdit,
  REFUSALS,
  refusal,
  refusalStatus,
  type TaskPatch,
  under,
} from '@domain/tasks/planner'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { taskBatches, taskHistory, tasks } from '../db/schema'
import type { Caller } from '../http/caller'
import { conflict, InvalidInput, notFound } from '../http/errors'
import { boundUsers, deleteTasksWithEvents, type TaskRow } from '../repositories/tasks-repository'
import { inScope, scopeIn, taskCaller } from './task-access'
import { blockers, mayUndo, recordBatch } from './task-batches'
import { type Planned, writeChanges } from './task-bulk-edit'
import { planCaller, planContext, valuesOf } from './task-fields'

/*
 * POST /tasks/{nodeId}/rql/undo/{batchId} (ADR 011 §8, ADR 014): reverts a batch — a bulk edit,
 * a CSV import, or an undo — as a new batch of the caller's. Only the batch's author or an
 * administrator may; to anyone else the batch does not exist (404). The restore is an edit of each
 * task by the caller, planned by the one task-write planner: the right, the transitions by right
 * and team, the fields the status holds read-only or requires, the form, the definitions. Deleting
 * the tasks an import created needs what creating them needed (task_create on their process).
 * One refusal and nothing is written: the answer lists them, each naming its task, as a bulk edit's.
 */

/** How many refusals a refused undo lists (as a bulk edit's). */
const SHOWN = 20

/** What the undo reads of the batch's history rows. */
type HistoryRow = Pick<typeof taskHistory.$inferSelect, 'taskId' | 'field' | 'oldValue'>

const SYSTEM: Record<string, keyof TaskPatch> = {
  title: 'title',
  description: 'description',
  assignee: 'assignee_id',
  status: 'status_id',
}

/**
 * The value that puts `current` back to `old`. A group is merged over the stored one by the
 * planner, so keys the batch added are sent empty (null) to take them out again.
 */
function restoring(old: unknown, current: unknown): unknown {
  if (!isPlainObject(old) || !isPlainObject(current)) return old ?? null
  const out: Record<string, unknown> = {}
  for (const k of Object.keys(current)) if (!(k in old)) out[k] = null
  for (const [k, v] of Object.entries(old)) out[k] = restoring(v, current[k])
  return out
}

const valueAtPath = (doc: unknown, path: string[]) =>
  path.reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), doc)

function setPath(doc: Record<string, unknown>, path: string[], value: unknown) {
  let at = doc
  for (const k of path.slice(0, -1)) {
    if (!isPlainObject(at[k])) at[k] = {}
    at = at[k] as Record<string, unknown>
  }
  at[path[path.length - 1]!] = value
}

/** The edit that gives `task` back the values it had before the batch: each field's oldest old value. */
function restorePatch(task: TaskRow, rows: HistoryRow[]): TaskPatch {
  const patch: Record<string, unknown> = {}
  const custom: Record<string, unknown> = {}
  const seen = new Set<string>()
  for (const h of rows) {
    if (seen.has(h.field)) continue
    seen.add(h.field)
    const system = SYSTEM[h.field]
    if (system) patch[system] = h.oldValue ?? null
    else {
      const path = h.field.split('.')
      setPath(custom, path, restoring(h.oldValue, valueAtPath(task.customFields, path)))
    }
  }
  if (Object.keys(custom).length) patch.custom_fields = custom
  return patch as TaskPatch
}

export async function undoBatch(db: Db, c: Caller, nodeId: string, batchId: string) {
  const who = await taskCaller(db, c, nodeId)
  const admin = hasRight(who.rights, 'is_admin')
  const viewable = scopeIn(who.config, who.rights, 'task_view')
  const caller = planCaller(who)
  // One context per process, and no memo: a bulk edit's memo holds the check of one patch sent to
  // every task, while each restore sends a task its own old values.
  const contexts = new Map<string, PlanContext | null>()
  const contextOf = (processId: string) => {
    if (!contexts.has(processId)) {
      const flow = who.config.flows.get(processId)
      contexts.set(processId, flow ? planContext(caller, who.config, flow) : null)
    }
    return contexts.get(processId)!
  }
  const keyOf = (processId: string) => who.config.flows.get(processId)?.process.key

  return db.transaction(async (tx) => {
    // Locked: two undos of one batch wait for each other, and the second finds it undone.
    const [batch] = await tx
      .select()
      .from(taskBatches)
      .where(and(eq(taskBatches.nodeId, nodeId), eq(taskBatches.id, batchId)))
      .for('update')
    if (!batch || !mayUndo(batch, { userId: c.auth.user.id, admin }))
      throw notFound('tasks.batch_not_found', ['params', 'batchId'])
    const changes = await tx
      .select({ taskId: taskHistory.taskId, field: taskHistory.field, oldValue: taskHistory.oldValue })
      .from(taskHistory)
      .where(and(eq(taskHistory.nodeId, nodeId), eq(taskHistory.batchId, batchId)))
      .orderBy(asc(taskHistory.id))
    const ids = [...new Set(changes.map((h) => h.taskId))]
    // Locked before "changed since" is asked, so that no edit slips in between the check and the write.
    const locked = ids.length
      ? await tx
          .select()
          .from(tasks)
          .where(and(eq(tasks.nodeId, nodeId), inArray(tasks.id, ids)))
          .orderBy(asc(tasks.id))
          .for('update')
      : []
    const blocked = (await blockers(tx, nodeId, [batch])).get(batch.id)
    if (blocked) throw conflict(blocked, ['params', 'batchId'])

    const created = new Set(changes.filter((h) => h.field === 'created').map((h) => h.taskId))
    const rowsOf = new Map<string, HistoryRow[]>()
    for (const h of changes)
      if (!created.has(h.taskId)) rowsOf.set(h.taskId, [...(rowsOf.get(h.taskId) ?? []), h])
    const refusals: DetailEntry[] = []
    const about = (t: TaskRow, list: DetailEntry[]) =>
      refusals.push(...list.map((x) => ({ ...x, ctx: { ...x.ctx, task: t.key } })))
    const patches = new Map<string, TaskPatch>()
    for (const t of locked) if (!created.has(t.id)) patches.set(t.id, restorePatch(t, rowsOf.get(t.id) ?? []))
    // An assignee to restore must still be bound to the node (as in any edit).
    const assignees = [...patches.values()].flatMap((p) => (p.assignee_id ? [p.assignee_id] : []))
    const bound = new Set((await boundUsers(tx, nodeId, { ids: assignees })).map((u) => u.id))

    const planned: Planned[] = []
    const gone: string[] = []
    for (const t of locked) {
      const key = keyOf(t.processId)
      if (created.has(t.id)) {
        // Deleting what an import created takes the right that created it.
        if (key === undefined || !hasRight(who.rights, 'task_create', key))
          about(t, [refusal(REFUSALS.forbidden)])
        else gone.push(t.id)
        continue
      }
      const patch = patches.get(t.id)!
      const ctx = contextOf(t.processId)
      if (!ctx || !inScope(viewable, t.processId)) {
        about(t, [refusal(REFUSALS.forbidden)])
        continue
      }
      const r = planEdit(ctx, valuesOf(t), patch)
      const unbound =
        patch.assignee_id && patch.assignee_id !== t.assigneeId && !bound.has(patch.assignee_id)
          ? [refusal('users.user_not_found', ['assignee_id'])]
          : []
      if (!r.ok || unbound.length) about(t, [...(r.ok ? [] : r.refusals), ...unbound])
      else if (r.plan.changes.length)
        planned.push({
          task: t,
          changes: r.plan.changes,
          next: {
            title: r.plan.values.title,
            description: r.plan.values.description,
            statusId: r.plan.values.status,
            assigneeId: r.plan.values.assignee,
            customFields: r.plan.values.custom_fields,
          },
        })
    }
    // One refusal and nothing is written; the first few are listed, each naming its task.
    if (refusals.length)
      throw new InvalidInput(under(['patch'], refusals.slice(0, SHOWN)), refusalStatus(refusals))

    const undoId = randomUUID()
    if (gone.length)
      await deleteTasksWithEvents(tx, { nodeId, actorId: c.auth.user.id, batchId: undoId }, gone)
    if (planned.length) await writeChanges(tx, nodeId, c, undoId, planned)
    const count = planned.length + gone.length
    await recordBatch(tx, {
      nodeId,
      id: undoId,
      kind: 'undo',
      authorId: c.auth.user.id,
      count,
      undoOf: batch.id,
      deleted: gone.length,
    })
    await tx
      .update(taskBatches)
      .set({ undoneBy: undoId })
      .where(and(eq(taskBatches.nodeId, nodeId), eq(taskBatches.id, batch.id)))
    return { count, batch_id: undoId }
  })
}
