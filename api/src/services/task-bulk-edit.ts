import { randomUUID } from 'node:crypto'
import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { isBlank, isPlainObject } from '@domain/fields/checks'
import { isSystemFieldName } from '@domain/fields/system'
import type { FieldDefinition } from '@domain/fields/types'
import { checkMove, fieldRulesAt, type Mover, type WorkflowProcess } from '@domain/workflow'
import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { taskHistory, tasks } from '../db/schema'
import { emitEvents, taskChangeEvents } from '../events/emit'
import type { Caller } from '../http/caller'
import { badInput, conflict, forbidden, InvalidInput, notFound } from '../http/errors'
import { findStatus } from '../repositories/statuses-repository'
import { isBound } from '../repositories/users-repository'
import { requireNodeRight } from './access'
import { validateCustomFields } from './custom-fields'
import { nodeConfig } from './node-config'
import { intersect, scopeIn } from './task-access'
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
interface Change {
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

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The custom fields a patch names: a definition is named when its whole dotted path is present. */
function namedDefinitions(defs: FieldDefinition[], values: Record<string, unknown>): FieldDefinition[] {
  return defs.filter((d) => {
    const path = d.name.split('.')
    const parent = getAt(values, path.slice(0, -1))
    return isPlainObject(parent) && Object.hasOwn(parent, path[path.length - 1]!)
  })
}

/** The patch's custom values checked once, as a form that edits only those fields would check them. */
async function checkedCustomValues(
  db: Db,
  nodeId: string,
  values: Record<string, unknown>,
  defs: FieldDefinition[],
) {
  const named = namedDefinitions(defs, values)
  try {
    const stored = await validateCustomFields(db, nodeId, values, {
      editable: named.map((d) => d.name),
      defs,
    })
    return named.map((d) => ({
      name: d.name,
      path: d.name.split('.'),
      value: getAt(stored, d.name.split('.')) ?? null,
    }))
  } catch (e) {
    // The same problems, placed under the patch.
    if (e instanceof InvalidInput)
      throw new InvalidInput(
        e.details.map((d) => ({ ...d, loc: ['body', 'patch', ...(d.loc ?? []).slice(1)] })),
      )
    throw e
  }
}

/** Where in the patch a refusal points: a custom field under custom_fields, by its dotted name. */
const patchLoc = (field?: string): (string | number)[] =>
  !field
    ? ['body', 'patch']
    : isSystemFieldName(field) || field === 'status_id'
      ? ['body', 'patch', field]
      : ['body', 'patch', 'custom_fields', ...field.split('.')]

function refusal(code: string, task: TaskRow, field?: string): DetailEntry {
  const ctx = { task: task.key, ...(field ? { field } : {}) }
  return { type: code, msg: messageFor(code, ctx), loc: patchLoc(field), ctx }
}

interface Planned {
  task: TaskRow
  changes: Change[]
  next: Pick<TaskRow, 'title' | 'description' | 'statusId' | 'assigneeId' | 'customFields'>
}

/** The changes the patch makes to one task, or why it may not. */
function plan(
  task: TaskRow,
  patch: BulkPatch,
  custom: { name: string; path: string[]; value: unknown }[],
  process: WorkflowProcess | undefined,
  mover: Mover,
): { planned: Planned } | { refused: DetailEntry } {
  const next = {
    title: patch.title ?? task.title,
    description: patch.description ?? task.description,
    statusId: patch.status_id ?? task.statusId,
    assigneeId: patch.assignee_id === undefined ? task.assigneeId : patch.assignee_id,
    customFields: task.customFields,
  }
  const changes: Change[] = []
  for (const [field, column] of Object.entries(SYSTEM_COLUMNS) as [SystemField, keyof typeof next][])
    if (!same(task[column], next[column])) changes.push({ field, old: task[column], new: next[column] })
  for (const c of custom) {
    const old = getAt(task.customFields, c.path) ?? null
    if (same(old, c.value)) continue
    changes.push({ field: c.name, old, new: c.value })
    next.customFields = setAt(next.customFields, c.path, c.value)
  }
  if (!process) return { refused: refusal('processes.process_not_found', task) }
  // While the task is in its current status, its read-only fields stay as they are.
  const readonly = fieldRulesAt(process, task.statusId).readonly
  const locked = changes.find((c) => readonly.includes(c.field))
  if (locked) return { refused: refusal('tasks.field_readonly', task, locked.field) }
  if (next.statusId !== task.statusId) {
    const move = checkMove(process, task.statusId, next.statusId, mover)
    if (!move.ok) return { refused: refusal(move.code, task, 'status_id') }
    // Status, process, author and the dates always have a value; the rest are read after the patch.
    const value = (name: string) =>
      name in SYSTEM_COLUMNS
        ? next[SYSTEM_COLUMNS[name as SystemField] as keyof typeof next]
        : isSystemFieldName(name)
          ? name
          : getAt(next.customFields, name.split('.'))
    const missing = move.required_fields.find((name) => isBlank(value(name)))
    if (missing) return { refused: refusal('validation.required', task, missing) }
  }
  return { planned: { task, changes, next } }
}

async function writeChanges(tx: Tx, nodeId: string, c: Caller, batchId: string, planned: Planned[]) {
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

async function checkPatchTargets(db: Db, nodeId: string, patch: BulkPatch) {
  if (patch.status_id && !(await findStatus(db, nodeId, patch.status_id)))
    throw badInput('statuses.status_not_found', ['body', 'patch', 'status_id'])
  if (patch.assignee_id && !(await isBound(db, nodeId, patch.assignee_id)))
    throw badInput('users.user_not_found', ['body', 'patch', 'assignee_id'])
}

const sideOf = (changes: Change[], side: 'old' | 'new') =>
  Object.fromEntries(changes.map((ch) => [ch.field, ch[side] ?? null]))

export async function bulkEdit(db: Db, c: Caller, nodeId: string, input: BulkEditInput) {
  const { access, config, scope } = await editableScope(db, c, nodeId)
  const compiled = await compileText(db, nodeId, input.query, c.auth.user.id, config.customs)
  await checkPatchTargets(db, nodeId, input.patch)
  const custom = input.patch.custom_fields
    ? await checkedCustomValues(db, nodeId, input.patch.custom_fields, config.customs)
    : []
  const mover: Mover = { rights: access.rights, team_ids: access.teamIds }
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
    const refused: DetailEntry[] = []
    for (const { task } of rows) {
      const r = plan(task, input.patch, custom, config.flows.get(task.processId)?.workflow, mover)
      if ('refused' in r) {
        if (refused.length < SHOWN) refused.push(r.refused)
      } else if (r.planned.changes.length) planned.push(r.planned)
    }
    if (refused.length) throw new InvalidInput(refused)
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
    const byTask = new Map(locked.map((t) => [t.id, t]))
    const planned: Planned[] = []
    for (const t of locked) {
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
    const undoId = randomUUID()
    await writeChanges(tx, nodeId, c, undoId, planned)
    return { count: planned.length, batch_id: undoId }
  })
  return done
}
