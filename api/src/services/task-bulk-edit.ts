import { randomUUID } from 'node:crypto'
import type { DetailEntry } from '@domain/errors/catalogue'
import { checkPatch, type PlanContext, planEdit, refusal, refusalStatus, under } from '@domain/tasks/planner'
import type { TaskValues } from '@domain/tasks/values'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { taskHistory, tasks } from '../db/schema'
import { emitEvents, taskChangeEvents } from '../events/emit'
import type { Caller } from '../http/caller'
import { badInput, InvalidInput, notFound } from '../http/errors'
import { isBound } from '../repositories/users-repository'
import { requireNodeRight } from './access'
import { nodeConfig } from './node-config'
import { intersect, scopeIn } from './task-access'
import { recordBatch } from './task-batches'
import { planCaller, planContext, refused, valuesOf } from './task-fields'
import { compileText, scopeCondition, selectMatching, type TaskRow } from './task-query'

/*
 * POST /tasks/{nodeId}/rql: one patch applied to every task a query selects among those the caller
 * may see and edit, in one transaction — all or nothing. Every change is a history row carrying one
 * batch id, which POST /tasks/{nodeId}/rql/undo/{batchId} reverts as a whole while none of those
 * tasks has changed since. A dry run checks everything the same way and writes nothing.
 */

/** At most this many tasks per bulk edit: a larger selection is refused (rql.too_many_tasks). */
export const BULK_EDIT_LIMIT = 10_000
/** How many refusals a 422 lists, and how many tasks a dry run's before/after sample shows. */
const SHOWN = 20
/** How many tasks (with their changes) and how many refusals a dry run lists. */
export const PREVIEW_SHOWN = 500

export interface BulkPatch {
  status_id?: string
  assignee_id?: string | null
  title?: string
  description?: string
  custom_fields?: Record<string, unknown>
}

export interface BulkEditInput {
  query: string
  patch: BulkPatch
  dry_run?: boolean
}

type Json = unknown
export interface Change {
  field: string
  old: Json
  new: Json
}

/** A change of a task as a batch writes it (bulk edit, CSV import, their undo). */
export interface Planned {
  task: TaskRow
  changes: Change[]
  next: Pick<TaskRow, 'title' | 'description' | 'statusId' | 'assigneeId' | 'customFields'>
}

/** Writes a batch's changes: the tasks, one history row per change under `batchId`, their events. */
export async function writeChanges(tx: Tx, nodeId: string, c: Caller, batchId: string, planned: Planned[]) {
  const rows = planned.map((p) => ({
    id: p.task.id,
    title: p.next.title,
    description: p.next.description,
    status_id: p.next.statusId,
    assignee_id: p.next.assigneeId,
    custom_fields: p.next.customFields,
  }))
  // One statement per table whatever the number of tasks: the rows travel as one JSON parameter.
  await tx.execute(sql`
    update ${tasks} set
      title = x.title, description = x.description, status_id = x.status_id,
      assignee_id = x.assignee_id, custom_fields = x.custom_fields,
      version = ${tasks.version} + 1, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, title text, description text, status_id uuid, assignee_id uuid, custom_fields jsonb)
    where ${tasks.nodeId} = ${nodeId} and ${tasks.id} = x.id`)
  const history = planned.flatMap((p) =>
    p.changes.map((ch) => ({ task_id: p.task.id, field: ch.field, old_value: ch.old, new_value: ch.new })),
  )
  const historyRows = sql`
    insert into ${taskHistory} (node_id, task_id, actor_id, field, old_value, new_value, batch_id, request_id)
    select ${nodeId}, x.task_id, ${c.auth.user.id}, x.field, x.old_value, x.new_value, ${batchId}, ${c.requestId}
      from jsonb_to_recordset(${JSON.stringify(history)}::jsonb)
        as x(task_id uuid, field text, old_value jsonb, new_value jsonb)`
  // One task.edited / task.moved per task changed, in the history's statement.
  const task = (p: Planned) => ({ id: p.task.id, key: p.task.key })
  const at = { node_id: nodeId, actor_id: c.auth.user.id, batch_id: batchId }
  await emitEvents(
    tx,
    planned.flatMap((p) =>
      taskChangeEvents({ ...at, task: task(p), version: p.task.version + 1 }, p.changes),
    ),
    historyRows,
  )
}

/** Only tasks the caller may both see and edit are touched; without task_edit at all, 403. */
async function editableScope(db: Db, c: Caller, nodeId: string) {
  const access = await requireNodeRight(db, c.auth, nodeId, 'task_edit')
  const config = await nodeConfig(db, nodeId, access.node.configVersion)
  const scope = intersect(
    scopeIn(config, access.rights, 'task_view'),
    scopeIn(config, access.rights, 'task_edit'),
  )
  return { access, config, scope }
}

const noProcess = { ok: false, refusals: [refusal('processes.process_not_found')] } as const

const nextOf = (v: TaskValues): Planned['next'] => ({
  title: v.title,
  description: v.description,
  statusId: v.status,
  assigneeId: v.assignee,
  customFields: v.custom_fields,
})

const sideOf = (changes: Change[], side: 'old' | 'new') =>
  Object.fromEntries(changes.map((ch) => [ch.field, ch[side] ?? null]))

export async function bulkEdit(db: Db, c: Caller, nodeId: string, input: BulkEditInput) {
  const { access, config, scope } = await editableScope(db, c, nodeId)
  const compiled = await compileText(db, nodeId, input.query, c.auth.user.id, config.customs)
  // What the patch itself gets wrong is said once, before looking at tasks.
  const early = checkPatch(
    { customs: config.customs, hasStatus: (id) => config.statuses.has(id) },
    input.patch,
  )
  if (early.length) throw refused(early, ['body', 'patch'])
  if (input.patch.assignee_id && !(await isBound(db, nodeId, input.patch.assignee_id)))
    throw notFound('users.user_not_found', ['body', 'patch', 'assignee_id'])
  const caller = planCaller({ userId: c.auth.user.id, rights: access.rights, team_ids: access.teamIds })
  // One context per process, one memo for the request: the patch's values are checked once.
  const memo = new Map<string, unknown>()
  const contexts = new Map<string, PlanContext | null>()
  const contextOf = (processId: string) => {
    if (!contexts.has(processId)) {
      const flow = config.flows.get(processId)
      contexts.set(processId, flow ? planContext(caller, config, flow, memo) : null)
    }
    return contexts.get(processId)!
  }
  const batchId = randomUUID()

  const done = await db.transaction(async (tx) => {
    if (Array.isArray(scope) && scope.length === 0)
      return input.dry_run ? preview([], 0, [], 0) : { count: 0, batch_id: null }
    // Locked for the rest of the transaction: nobody changes them between the check and the write.
    const rows = await selectMatching(tx, compiled, scopeCondition(nodeId, scope, compiled.where), {
      limit: BULK_EDIT_LIMIT + 1,
      forUpdate: true,
    })
    if (rows.length > BULK_EDIT_LIMIT)
      throw badInput('rql.too_many_tasks', ['body', 'query'], { max: BULK_EDIT_LIMIT })
    const planned: Planned[] = []
    const refusals: DetailEntry[] = []
    let refusedTasks = 0
    for (const { task } of rows) {
      const ctx = contextOf(task.processId)
      const r = ctx ? planEdit(ctx, valuesOf(task), input.patch) : noProcess
      if (!r.ok) {
        refusedTasks++
        refusals.push(...r.refusals.map((x) => ({ ...x, ctx: { ...x.ctx, task: task.key } })))
      } else if (r.plan.changes.length)
        planned.push({ task, changes: r.plan.changes, next: nextOf(r.plan.values) })
    }
    // A dry run answers everything it found, refusals included: the preview of the run.
    if (input.dry_run) return preview(planned, refusedTasks, refusals, rows.length)
    // One refusal and nothing changes; the first few are listed, each naming its task.
    if (refusals.length)
      throw new InvalidInput(under(['body', 'patch'], refusals.slice(0, SHOWN)), refusalStatus(refusals))
    if (planned.length) {
      await writeChanges(tx, nodeId, c, batchId, planned)
      await recordBatch(tx, {
        nodeId,
        id: batchId,
        kind: 'bulk_edit',
        authorId: c.auth.user.id,
        count: planned.length,
        query: input.query,
      })
    }
    return { count: planned.length, batch_id: planned.length ? batchId : null }
  })
  return done
}

/**
 * A dry run's answer: how many tasks would change, be refused or stay as they are; the first
 * tasks with each change (field, old, new) and the first refusals (loc under the patch, ctx.task
 * the key), PREVIEW_SHOWN of each; and the older before/after sample.
 */
function preview(planned: Planned[], refused: number, refusals: DetailEntry[], matched: number) {
  return {
    dry_run: true as const,
    count: planned.length,
    refused,
    unchanged: matched - planned.length - refused,
    tasks: planned.slice(0, PREVIEW_SHOWN).map((p) => ({
      id: p.task.id,
      key: p.task.key,
      title: p.task.title,
      changes: p.changes.map((ch) => ({ field: ch.field, old: ch.old ?? null, new: ch.new ?? null })),
    })),
    refusals: under(['body', 'patch'], refusals.slice(0, PREVIEW_SHOWN)),
    run_status: refusals.length ? refusalStatus(refusals) : 200,
    sample: planned.slice(0, SHOWN).map((p) => ({
      id: p.task.id,
      key: p.task.key,
      before: sideOf(p.changes, 'old'),
      after: sideOf(p.changes, 'new'),
    })),
  }
}
