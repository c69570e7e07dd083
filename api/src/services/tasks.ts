import { randomUUID } from 'node:crypto'
import { planCreate, planEdit, type TaskPatch } from '@domain/tasks/planner'
import type { Db, Tx } from '../db/client'
import { taskChangeEvents, taskCreated } from '../events/emit'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, conflict, forbidden, notFound } from '../http/errors'
import { findTaskCard } from '../repositories/task-card-repository'
import {
  boundUsers,
  createTaskWithEvents,
  editTaskWithEvents,
  findTask,
  listTasks as listTaskRows,
  type TaskRow,
} from '../repositories/tasks-repository'
import { nodeConfig } from './node-config'
import { mayOnProcess, scopeIn, type TaskCaller, taskCaller } from './task-access'
import { planCaller, planContext, refused, valuesOf } from './task-fields'
import { presentCard, presentTasks } from './task-read'

/*
 * Tasks (spec §3, PRODUCT.md §3–§5): created through a process, read by id or key, listed,
 * edited with optimistic concurrency. Rights are per process key: a task the caller may not view
 * is 404 tasks.task_not_found, never 403; one they see but may not edit is 403 rights.forbidden.
 */

export interface CreateTaskInput {
  title: string
  description: string
  assignee_id?: string | null
  process_id?: string
  custom_fields?: Record<string, unknown>
}

/** An edit is the planner's patch with the version the editor read. */
export type EditTaskInput = TaskPatch & { version: number }

export const taskNotFound = () => notFound('tasks.task_not_found')

/** The assignee must be a user bound to the node (another tenant's user is never confirmed). */
async function requireAssignee(tx: Db | Tx, nodeId: string, id: string | null | undefined) {
  if (!id) return undefined
  const [user] = await boundUsers(tx, nodeId, { ids: [id] })
  if (!user) throw notFound('users.user_not_found', ['body', 'assignee_id'])
  return user
}

/**
 * Loads a task for the caller: 404 when there is none in the node or they may not view it; with
 * `right: 'task_edit'`, 403 when they see it but may not edit it. `lock` takes its row lock (tx).
 */
async function reachTask(
  db: Db | Tx,
  nodeId: string,
  who: TaskCaller,
  find: () => Promise<TaskRow | undefined>,
  right: 'task_view' | 'task_edit' = 'task_view',
) {
  const task = await find()
  if (!task) throw taskNotFound()
  const flow =
    who.config.flows.get(task.processId) ?? (await nodeConfig(db, nodeId)).flows.get(task.processId)
  if (!flow) throw taskNotFound()
  if (!mayOnProcess(who, 'task_view', flow.process.key)) throw taskNotFound()
  if (right === 'task_edit' && !mayOnProcess(who, 'task_edit', flow.process.key)) throw forbidden()
  return { task, ...flow }
}

/** For the routes hanging off a task (history, comments, attachments): the task, checked as above. */
export async function taskFor(
  db: Db,
  c: Caller,
  nodeId: string,
  taskId: string,
  right: 'task_view' | 'task_edit' = 'task_view',
) {
  const who = await taskCaller(db, c, nodeId)
  return { who, ...(await reachTask(db, nodeId, who, () => findTask(db, nodeId, taskId), right)) }
}

export async function createTask(
  db: Db,
  c: Caller,
  nodeId: string,
  processId: string,
  input: CreateTaskInput,
) {
  const who = await taskCaller(db, c, nodeId)
  const flow = who.config.flows.get(processId)
  if (!flow) throw notFound('processes.process_not_found', ['params', 'id'])
  const planned = planCreate(planContext(planCaller(who), who.config, flow), input)
  if (!planned.ok && planned.refusals[0]?.type === 'processes.progress_empty')
    throw badInput('processes.progress_empty', ['params', 'id'])
  if (!planned.ok) throw refused(planned.refusals, ['body'])
  const { values } = planned.plan
  const { status, custom_fields: customFields } = values

  // Everything above is checked and everything below is built before the two statements that check
  // the assignee and take the process's next number (ADR 022) and write the task, its history and
  // its event (ADR 015).
  const draft = {
    nodeId,
    id: randomUUID(),
    processId,
    title: values.title,
    description: values.description,
    statusId: status,
    assigneeId: values.assignee,
    authorId: who.userId,
    customFields,
  }
  const created = await createTaskWithEvents(db, draft, {
    requestId: c.requestId,
    event: taskCreated({ ...draft, key: '' }),
  })
  if ('missing' in created)
    throw created.missing === 'assignee'
      ? notFound('users.user_not_found', ['body', 'assignee_id'])
      : notFound('processes.process_not_found', ['params', 'id'])
  const { task, assignee } = created
  // A new task has no attachments, and its people are the caller and the assignee just read.
  const people = assignee ? [c.auth.user, assignee] : [c.auth.user]
  return presentCard(db, nodeId, { task, files: [], people }, who)
}

/** The task, with its attachments and people, read in one statement. */
async function readCard(db: Db, c: Caller, nodeId: string, where: { id: string } | { key: string }) {
  const who = await taskCaller(db, c, nodeId)
  const card = await findTaskCard(db, nodeId, where)
  await reachTask(db, nodeId, who, async () => card?.task)
  return presentCard(db, nodeId, card!, who)
}

export const getTask = (db: Db, c: Caller, nodeId: string, taskId: string) =>
  readCard(db, c, nodeId, { id: taskId })

/** By `{KEY}-{n}`, in any case (keys are stored upper-case). */
export const getTaskByKey = (db: Db, c: Caller, nodeId: string, key: string) =>
  readCard(db, c, nodeId, { key: key.trim().toUpperCase() })

/**
 * A page of the tasks the caller may view, newest updated first; `process_id` narrows to one
 * process (one they may not view, or another node's, gives an empty page). 403 without task_view.
 */
export async function listTasks(db: Db, c: Caller, nodeId: string, q: Pagination & { process_id?: string }) {
  const who = await taskCaller(db, c, nodeId)
  if (who.rights.task_view === undefined) throw forbidden()
  const scope = scopeIn(who.config, who.rights, 'task_view')
  const { rows, total } = await listTaskRows(db, nodeId, scope, q)
  return { rows: await presentTasks(db, nodeId, rows, who), total }
}

/**
 * Edits a task. `version` must be the one the editor read (409 tasks.task_conflict otherwise,
 * nothing changed). Title, description, assignee and status are always editable; custom fields
 * as the process's form allows; author and process never. A status move obeys the workflow
 * (domain checkMove); fields read-only in the task's status keep their values; the fields a move
 * or the status requires must have one. Every changed field is a history row written with the
 * task. An edit that changes nothing is no edit: no history, same version.
 *
 * Two round trips (issue 15): the task's card (row, attachments, people: what the answer shows) is
 * read, the edit is checked and planned against it, and one statement writes the row, its history
 * and its events — only while the row's version is still the one read (optimistic concurrency: no
 * row lock held across round trips; a concurrent edit that got there first makes this one a 409,
 * as the lock and the version check did before).
 */
export async function editTask(db: Db, c: Caller, nodeId: string, taskId: string, input: EditTaskInput) {
  const who = await taskCaller(db, c, nodeId)
  const card = await findTaskCard(db, nodeId, { id: taskId })
  const { task: before, ...flow } = await reachTask(db, nodeId, who, async () => card?.task, 'task_edit')
  if (input.version !== before.version) throw conflict('tasks.task_conflict', ['body', 'version'])
  const planned = planEdit(planContext(planCaller(who), who.config, flow), valuesOf(before), input)
  if (!planned.ok) throw refused(planned.refusals, ['body'])
  const { values: now, changes } = planned.plan
  // The assignee a task already has passes even if they have left the node since (a card posted back).
  const assignee =
    now.assignee !== before.assigneeId ? await requireAssignee(db, nodeId, now.assignee) : undefined
  if (changes.length === 0) return { task: await presentCard(db, nodeId, card!, who), changed: false }
  const events = taskChangeEvents(
    {
      node_id: nodeId,
      actor_id: who.userId,
      task: { id: before.id, key: before.key },
      version: before.version + 1,
    },
    changes,
  )
  const after = await editTaskWithEvents(
    db,
    before,
    {
      title: now.title,
      description: now.description,
      assigneeId: now.assignee,
      statusId: now.status,
      customFields: now.custom_fields,
    },
    { actorId: who.userId, requestId: c.requestId, changes },
    events,
  )
  if (!after) throw conflict('tasks.task_conflict', ['body', 'version'])
  const people = assignee ? [...card!.people, assignee] : card!.people
  return {
    task: await presentCard(db, nodeId, { task: after, files: card!.files, people }, who),
    changed: true,
  }
}
