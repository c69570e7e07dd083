import { taskKey } from '@domain/workflow/process-key'
import { eq } from 'drizzle-orm'
import type { Tx } from './db/client'
import {
  fields,
  forms,
  processes,
  progress,
  progressStatuses,
  statuses,
  taskHistory,
  tasks,
} from './db/schema'
import { validateCustomFields } from './services/custom-fields'

/*
 * The demo workflow of a first start (PRODUCT.md §1, SEED_DEMO=1): node `start` gets statuses
 * To do / In progress / Done in one progress, custom fields, a form, process TASK bound to it, and
 * a few tasks, so the lists and the card have something to show. Runs inside the first-start
 * transaction only, so it happens once per database.
 */

const STATUSES = [
  { name: 'To do', description: 'Not started yet', color: '#9e9e9e' },
  { name: 'In progress', description: 'Someone is on it', color: '#1e88e5' },
  { name: 'Done', description: 'Finished', color: '#43a047' },
]

const FIELDS = [
  {
    name: 'cf_priority',
    type: 'select' as const,
    title: 'Priority',
    settings: {
      options: [
        { title: 'Low', value: 'low' },
        { title: 'Normal', value: 'normal' },
        { title: 'High', value: 'high' },
      ],
      default: 'normal',
    },
  },
  { name: 'cf_estimate', type: 'number' as const, title: 'Estimate, hours', settings: {} },
]

const TASKS: {
  title: string
  status: number
  who: 'admin' | 'user' | null
  values: Record<string, unknown>
}[] = [
  {
    title: 'Set up the office printer',
    status: 0,
    who: 'user',
    values: { cf_priority: 'high', cf_estimate: 2 },
  },
  { title: 'Order new chairs', status: 0, who: null, values: { cf_priority: 'low' } },
  {
    title: 'Prepare the quarterly report',
    status: 1,
    who: 'admin',
    values: { cf_priority: 'normal', cf_estimate: 8 },
  },
  {
    title: 'Renew the domain name',
    status: 2,
    who: 'admin',
    values: { cf_priority: 'high', cf_estimate: 1 },
  },
]

export async function seedDemoWorkflow(tx: Tx, nodeId: string, people: { admin: string; user: string }) {
  const made = await tx
    .insert(statuses)
    .values(STATUSES.map((s) => ({ nodeId, ...s })))
    .returning({ id: statuses.id, name: statuses.name })
  const statusIds = STATUSES.map((s) => made.find((m) => m.name === s.name)!.id)
  const [flow] = await tx.insert(progress).values({ nodeId, name: 'Basic' }).returning()
  await tx
    .insert(progressStatuses)
    .values(statusIds.map((statusId, position) => ({ nodeId, progressId: flow!.id, statusId, position })))
  await tx.insert(fields).values(FIELDS.map((f) => ({ nodeId, ...f })))
  const [form] = await tx
    .insert(forms)
    .values({
      nodeId,
      name: 'Task',
      fields: [
        { name: 'title', grid: 12 },
        { name: 'description', grid: 12 },
        { name: 'assignee', grid: 6 },
        { name: 'cf_priority', grid: 3 },
        { name: 'cf_estimate', grid: 3 },
      ],
    })
    .returning()
  const [process] = await tx
    .insert(processes)
    .values({
      nodeId,
      key: 'TASK',
      name: 'Tasks',
      description: 'Everyday work',
      progressId: flow!.id,
      formId: form!.id,
      taskCounter: TASKS.length,
    })
    .returning()
  for (const [i, t] of TASKS.entries()) {
    const n = i + 1
    const customFields = await validateCustomFields(tx, nodeId, t.values)
    const [row] = await tx
      .insert(tasks)
      .values({
        nodeId,
        processId: process!.id,
        number: n,
        key: taskKey(process!.key, n),
        title: t.title,
        statusId: statusIds[t.status]!,
        assigneeId: t.who ? people[t.who] : null,
        authorId: people.admin,
        customFields,
      })
      .returning()
    await tx.insert(taskHistory).values({
      nodeId,
      taskId: row!.id,
      actorId: people.admin,
      field: 'created',
      newValue: { key: row!.key, title: row!.title, status: row!.statusId },
    })
  }
  return {
    processId: process!.id,
    count: (await tx.select().from(tasks).where(eq(tasks.nodeId, nodeId))).length,
  }
}
