import { getWidgetType } from '@domain/widgets/registry'
import { taskKey } from '@domain/workflow/process-key'
import { eq } from 'drizzle-orm'
import type { Tx } from './db/client'
import {
  boards,
  boardWidgets,
  fields,
  forms,
  processes,
  progress,
  progressStatuses,
  statuses,
  taskHistory,
  tasks,
  widgets,
} from './db/schema'
import { customDefinitions, validateCustomFields } from './services/custom-fields'
import { checkSettings, settingsContext } from './services/widgets'

/*
 * The demo workflow of a first start (PRODUCT.md §1, SEED_DEMO=1): node `start` gets statuses
 * To do / In progress / Done in one progress, custom fields, a form, process TASK bound to it, and
 * a few hundred tasks made over the last two months, so the lists, the card and the home board
 * (a default board "My work" with a table and a calendar) have something to show. Runs inside the
 * first-start transaction only, so it happens once per database.
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

/** Generated tasks besides the named ones: enough to page through in a table of five. */
const GENERATED = 240
/** The generated tasks were made over this many days up to now (the calendar's dots). */
const SPREAD_DAYS = 60
const VERBS = ['Check', 'Update', 'Fix', 'Review', 'Plan', 'Order', 'Clean up', 'Document']
const THINGS = [
  'the meeting room booking',
  'the supplier contract',
  'the onboarding checklist',
  'the website footer',
  'the backup schedule',
  'the travel policy',
  'the inventory sheet',
  'the release notes',
  'the printer toner',
  'the customer survey',
]
const PRIORITIES = ['low', 'normal', 'high']

/** The i-th generated task: title, status, assignee, values, when it was made (i = 0 newest). */
function generated(i: number, now: number) {
  const hour = 3_600_000
  // Spread evenly over SPREAD_DAYS, a few hours either way, never in the future.
  const made = now - Math.floor(((i + 0.5) * SPREAD_DAYS * 24 * hour) / GENERATED) - ((i * 7) % 5) * hour
  return {
    title: `${VERBS[i % VERBS.length]} ${THINGS[(i * 3) % THINGS.length]} #${i + 1}`,
    status: i % 3,
    who: (['user', 'admin', null] as const)[(i * 5) % 3]!,
    priority: PRIORITIES[(i * 7) % 3]!,
    estimate: (i % 8) + 1,
    createdAt: new Date(made),
    updatedAt: new Date(Math.min(now, made + ((i % 4) + 1) * 6 * hour)),
  }
}

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
      taskCounter: TASKS.length + GENERATED,
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
  // Generated tasks, numbered after the named ones: two statements, not one per task.
  const now = Date.now()
  const rows = []
  for (let i = 0; i < GENERATED; i++) {
    const g = generated(i, now)
    const n = TASKS.length + GENERATED - i
    const customFields = await validateCustomFields(tx, nodeId, {
      cf_priority: g.priority,
      cf_estimate: g.estimate,
    })
    rows.push({
      nodeId,
      processId: process!.id,
      number: n,
      key: taskKey(process!.key, n),
      title: g.title,
      statusId: statusIds[g.status]!,
      assigneeId: g.who ? people[g.who] : null,
      authorId: people.admin,
      customFields,
      createdAt: g.createdAt,
      updatedAt: g.updatedAt,
    })
  }
  const inserted = await tx.insert(tasks).values(rows).returning()
  await tx.insert(taskHistory).values(
    inserted.map((row) => ({
      nodeId,
      taskId: row.id,
      actorId: people.admin,
      field: 'created',
      newValue: { key: row.key, title: row.title, status: row.statusId },
      createdAt: row.createdAt,
    })),
  )
  await seedHomeBoard(tx, nodeId)
  return {
    processId: process!.id,
    count: (await tx.select().from(tasks).where(eq(tasks.nodeId, nodeId))).length,
  }
}

/**
 * The node's default board, everyone's home until they choose another: a table of tasks (five a
 * page, filters by title and status) and, beside it, a calendar of when tasks were made. The
 * seeded user holds board_view on every board (seed.ts).
 */
async function seedHomeBoard(tx: Tx, nodeId: string) {
  const ctx = settingsContext(await customDefinitions(tx, nodeId))
  const settingsOf = (type: string, given: Record<string, unknown>) => {
    const checked = checkSettings(getWidgetType(type), ctx, given, ['settings'])
    if (checked.problems.length) throw new Error(`Demo ${type} settings: ${JSON.stringify(checked.problems)}`)
    return checked.value
  }
  const [table, calendar] = await tx
    .insert(widgets)
    .values([
      {
        nodeId,
        type: 'table',
        title: 'Tasks',
        settings: settingsOf('table', {
          view: { headers: ['key', 'title', 'status', 'assignee'], filters: ['title', 'status'] },
          pagination: { per_page: 5 },
        }),
        query: '',
      },
      {
        nodeId,
        type: 'calendar',
        title: 'Calendar',
        settings: settingsOf('calendar', { navigation: { field: 'created_at' } }),
        query: '',
      },
    ])
    .returning()
  const layout = [
    { i: table!.id, x: 0, y: 0, w: 28, h: 14 },
    { i: calendar!.id, x: 28, y: 0, w: 20, h: 14 },
  ]
  const [board] = await tx
    .insert(boards)
    .values({ nodeId, name: 'My work', layout, isDefault: true })
    .returning()
  await tx.insert(boardWidgets).values([
    { nodeId, boardId: board!.id, widgetId: table!.id },
    { nodeId, boardId: board!.id, widgetId: calendar!.id },
  ])
}
