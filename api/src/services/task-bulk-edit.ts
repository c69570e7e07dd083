import { randomUUID } from 'node:crypto'
import type { DetailEntry } from '@domain/errors/catalogue'
import { isPlainObject } from '@domain/fields/checks'
import { checkPatch, type PlanContext, planEdit, refusal, refusalStatus, under } from '@domain/tasks/planner'
import type { TaskValues } from '@domain/tasks/values'
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { attachments, taskComments, taskHistory, tasks } from '../db/schema'
import { emitEvents, taskChangeEvents } from '../events/emit'
import type { Caller } from '../http/caller'
import { badInput, conflict, forbidden, InvalidInput, notFound } from '../http/errors'
import { deleteTasksWithEvents } from '../repositories/tasks-repository'
import { isBound } from '../repositories/users-repository'
import { requireNodeRight } from './access'
import { nodeConfig } from './node-config'
import { intersect, scopeIn } from './task-access'
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
/** How many refusals a 422 lists, and how many tasks a dry run shows. */
const SHOWN = 20

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

const SYSTEM_COLUMNS = {
  title: 'title',
  description: 'description',
  status: 'statusId',
  assignee: 'assigneeId',
} as const
type SystemField = keyof typeof SYSTEM_COLUMNS

const getAt = (doc: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (isPlainObject(v) ? v[k] : undefined), doc)

/** A copy of `doc` with `value` at `path`, intermediate objects made as needed. */
function setAt(doc: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path
  if (head === undefined) return doc
  const inner = isPlainObject(doc[head]) ? (doc[head] as Record<string, unknown>) : {}
  return { ...doc, [head]: rest.length ? setAt(inner, rest, value) : value }
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
  const compiled = await compileText(db, nodeId, input.query, c.auth.user.id, config)
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
      return input.dry_run ? { count: 0, sample: [] } : { count: 0, batch_id: null }
    // Locked for the rest of the transaction: nobody changes them between the check and the write.
    const rows = await selectMatching(tx, compiled, scopeCondition(nodeId, scope, compiled.where), {
      limit: BULK_EDIT_LIMIT + 1,
      forUpdate: true,
    })
    if (rows.length > BULK_EDIT_LIMIT)
      throw badInput('rql.too_many_tasks', ['body', 'query'], { max: BULK_EDIT_LIMIT })
    const planned: Planned[] = []
    const refusals: DetailEntry[] = []
    for (const { task } of rows) {
      const ctx = contextOf(task.processId)
      const r = ctx ? planEdit(ctx, valuesOf(task), input.patch) : noProcess
      if (!r.ok) refusals.push(...r.refusals.map((x) => ({ ...x, ctx: { ...x.ctx, task: task.key } })))
      else if (r.plan.changes.length)
        planned.push({ task, changes: r.plan.changes, next: nextOf(r.plan.values) })
    }
    // One refusal and nothing changes; the first few are listed, each naming its task.
    if (refusals.length)
      throw new InvalidInput(under(['body', 'patch'], refusals.slice(0, SHOWN)), refusalStatus(refusals))
    if (input.dry_run)
      return {
        count: planned.length,
        sample: planned.slice(0, SHOWN).map((p) => ({
          id: p.task.id,
          key: p.task.key,
          before: sideOf(p.changes, 'old'),
          after: sideOf(p.changes, 'new'),
        })),
      }
    if (planned.length) await writeChanges(tx, nodeId, c, batchId, planned)
    return { count: planned.length, batch_id: planned.length ? batchId : null }
  })
  return done
}

/**
 * Deletes tasks a batch created, refused (409) when one has a comment or a file since: those are
 * someone's work the undo would take with it. Their history goes with them.
 */
async function deleteCreated(tx: Tx, nodeId: string, c: Caller, batchId: string, ids: string[]) {
  const [kept] = await tx
    .select({ id: taskComments.taskId })
    .from(taskComments)
    .where(and(eq(taskComments.nodeId, nodeId), inArray(taskComments.taskId, ids)))
    .union(
      tx
        .select({ id: attachments.taskId })
        .from(attachments)
        .where(and(eq(attachments.nodeId, nodeId), inArray(attachments.taskId, ids))),
    )
    .limit(1)
  if (kept) throw conflict('tasks.task_conflict', ['params', 'batchId'])
  await deleteTasksWithEvents(tx, { nodeId, actorId: c.auth.user.id, batchId }, ids)
}

/**
 * Restores what a batch changed, as a new batch, if none of its tasks changed since (else 409
 * tasks.task_conflict): every change of a task is a history row, so "changed since" is a later row.
 */
export async function undoBatch(db: Db, c: Caller, nodeId: string, batchId: string) {
  const { scope } = await editableScope(db, c, nodeId)
  const done = await db.transaction(async (tx) => {
    const changes = await tx
      .select()
      .from(taskHistory)
      .where(and(eq(taskHistory.nodeId, nodeId), eq(taskHistory.batchId, batchId)))
      .orderBy(asc(taskHistory.id))
    if (changes.length === 0) throw notFound('tasks.batch_not_found', ['params', 'batchId'])
    const ids = [...new Set(changes.map((h) => h.taskId))]
    const locked = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.nodeId, nodeId), inArray(tasks.id, ids)))
      .orderBy(asc(tasks.id))
      .for('update')
    if (scope !== 'all' && locked.some((t) => !scope.includes(t.processId))) throw forbidden()
    const lastId = changes[changes.length - 1]!.id
    const [later] = await tx
      .select({ id: taskHistory.id })
      .from(taskHistory)
      .where(
        and(
          eq(taskHistory.nodeId, nodeId),
          inArray(taskHistory.taskId, ids),
          gt(taskHistory.id, lastId),
          or(isNull(taskHistory.batchId), ne(taskHistory.batchId, batchId)),
        ),
      )
      .limit(1)
    if (later) throw conflict('tasks.task_conflict', ['params', 'batchId'])
    const undoId = randomUUID()
    // Tasks the batch created (a CSV import) are deleted: nothing of them is restored.
    const created = new Set(changes.filter((h) => h.field === 'created').map((h) => h.taskId))
    if (created.size) await deleteCreated(tx, nodeId, c, undoId, [...created])
    const byTask = new Map(locked.map((t) => [t.id, t]))
    const planned: Planned[] = []
    for (const t of locked.filter((x) => !created.has(x.id))) {
      const next = {
        title: t.title,
        description: t.description,
        statusId: t.statusId,
        assigneeId: t.assigneeId,
        customFields: t.customFields,
      }
      const restore: Change[] = []
      for (const h of changes.filter((x) => x.taskId === t.id)) {
        const column = SYSTEM_COLUMNS[h.field as SystemField]
        if (column) {
          restore.push({ field: h.field, old: next[column], new: h.oldValue })
          ;(next as Record<string, unknown>)[column] = h.oldValue
        } else {
          restore.push({
            field: h.field,
            old: getAt(next.customFields, h.field.split('.')) ?? null,
            new: h.oldValue,
          })
          next.customFields = setAt(next.customFields, h.field.split('.'), h.oldValue ?? null)
        }
      }
      planned.push({ task: byTask.get(t.id)!, changes: restore, next: next as Planned['next'] })
    }
    if (planned.length) await writeChanges(tx, nodeId, c, undoId, planned)
    return { count: planned.length + created.size, batch_id: planned.length ? undoId : null }
  })
  return done
}
