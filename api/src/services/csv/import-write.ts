import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { taskHistory } from '../../db/schema'
import { emitEvents, taskCreated } from '../../events/emit'
import type { Caller } from '../../http/caller'
import type { TaskRow } from '../../repositories/tasks-repository'
import { recordBatch } from '../task-batches'
import { type Planned, writeChanges } from '../task-bulk-edit'
import type { PlannedRow } from './import-plan'

/*
 * The import's writes, in the caller's transaction, as one batch: new tasks of a process take
 * their numbers in one statement, are inserted in one, and their `created` history rows carry the
 * batch id (the undo deletes them); then every change — rows that update a task, and the status
 * move of a new task — goes through the bulk edit's writer, under the same batch id, recorded in
 * task_batches (the list of batches, the undo).
 */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows

type Create = Extract<PlannedRow, { action: 'create' }>

/** Takes `n` numbers of the process's counter: the first one and the process key. */
async function takeNumbers(tx: Tx, nodeId: string, processId: string, n: number) {
  const [row] = rowsOf<{ last: number | string; key: string }>(
    await tx.execute(sql`
      update processes set task_counter = task_counter + ${n}
       where node_id = ${nodeId}::uuid and id = ${processId}::uuid
      returning task_counter as last, key`),
  )
  if (!row) throw new Error(`process ${processId} vanished during an import`)
  return { first: Number(row.last) - n + 1, key: row.key }
}

async function insertTasks(tx: Tx, nodeId: string, c: Caller, batchId: string, creates: Create[]) {
  const byProcess = new Map<string, Create[]>()
  for (const p of creates) byProcess.set(p.flow.process.id, [...(byProcess.get(p.flow.process.id) ?? []), p])
  const made: { plan: Create; task: TaskRow }[] = []
  for (const [processId, list] of byProcess) {
    const { first, key } = await takeNumbers(tx, nodeId, processId, list.length)
    list.forEach((plan, i) => {
      // Written as the create planned them, in the first status; a move follows as a change.
      const status = plan.move.find((ch) => ch.field === 'status')?.old ?? plan.values.status
      const now = new Date()
      made.push({
        plan,
        task: {
          nodeId,
          id: randomUUID(),
          processId,
          number: first + i,
          key: `${key}-${first + i}`,
          title: plan.values.title,
          description: plan.values.description,
          statusId: status as string,
          assigneeId: plan.values.assignee,
          authorId: c.auth.user.id,
          customFields: plan.move.length ? { ...plan.values.custom_fields } : plan.values.custom_fields,
          version: 1,
          createdAt: now,
          updatedAt: now,
        },
      })
    })
  }
  if (!made.length) return made
  const rows = made.map(({ task: t }) => ({
    id: t.id,
    process_id: t.processId,
    number: t.number,
    key: t.key,
    title: t.title,
    description: t.description,
    status_id: t.statusId,
    assignee_id: t.assigneeId,
    custom_fields: t.customFields,
  }))
  await tx.execute(sql`
    insert into tasks (node_id, id, process_id, number, key, title, description, status_id, assignee_id, author_id, custom_fields)
    select ${nodeId}::uuid, x.id, x.process_id, x.number, x.key, x.title, x.description, x.status_id, x.assignee_id,
           ${c.auth.user.id}::uuid, x.custom_fields
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id uuid, process_id uuid, number int, key text, title text, description text, status_id uuid,
             assignee_id uuid, custom_fields jsonb)`)
  const history = made.map(({ task: t }) => ({
    task_id: t.id,
    new_value: { key: t.key, title: t.title, status: t.statusId },
  }))
  await emitEvents(
    tx,
    made.map(({ task: t }) => taskCreated(t)),
    sql`
      insert into ${taskHistory} (node_id, task_id, actor_id, field, new_value, batch_id, request_id)
      select ${nodeId}, x.task_id, ${c.auth.user.id}, 'created', x.new_value, ${batchId}, ${c.requestId}
        from jsonb_to_recordset(${JSON.stringify(history)}::jsonb) as x(task_id uuid, new_value jsonb)`,
  )
  return made
}

const nextOf = (v: {
  title: string
  description: string
  status: string
  assignee: string | null
  custom_fields: Record<string, unknown>
}): Planned['next'] => ({
  title: v.title,
  description: v.description,
  statusId: v.status,
  assigneeId: v.assignee,
  customFields: v.custom_fields,
})

/** Writes the plan as batch `batchId`; answers the counts. */
export async function writeImport(tx: Tx, nodeId: string, c: Caller, batchId: string, planned: PlannedRow[]) {
  const creates = planned.filter((p): p is Create => p.action === 'create')
  const made = await insertTasks(tx, nodeId, c, batchId, creates)
  const changes: Planned[] = []
  for (const p of planned)
    if (p.action === 'update') changes.push({ task: p.task, changes: p.changes, next: nextOf(p.values) })
  for (const { plan, task } of made)
    if (plan.move.length) changes.push({ task, changes: plan.move, next: nextOf(plan.values) })
  if (changes.length) await writeChanges(tx, nodeId, c, batchId, changes)
  const updated = planned.filter((p) => p.action === 'update').length
  if (made.length + updated)
    await recordBatch(tx, {
      nodeId,
      id: batchId,
      kind: 'csv_import',
      authorId: c.auth.user.id,
      count: made.length + updated,
    })
  return { created: made.length, updated }
}
