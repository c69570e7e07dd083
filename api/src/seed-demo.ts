import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
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
import { grantRight } from './repositories/rights-repository'
import { customDefinitions, validateCustomFields } from './services/custom-fields'
import { checkSettings, settingsContext } from './services/widgets'

/*
 * The demo workflow of a first start (PRODUCT.md §1, SEED_DEMO=1): node `start` gets statuses
 * To do / In progress / Done in one progress, custom fields, a form, process TASK bound to it, and
 * a few hundred tasks made over the last two months, placed around Moscow, the recent ones with a
 * work day near today and hours, so the lists, the card and the home board (a default board "My
 * work" with a table, a calendar, a schedule and a map) have something to show. Runs inside the
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
  // Where the work is (a map's position: {field}.lat and {field}.lon) and when (a schedule's day and hours).
  { name: 'cf_place', type: 'address' as const, title: 'Place', settings: {} },
  { name: 'cf_day', type: 'date' as const, title: 'Work day', settings: {} },
  { name: 'cf_hours', type: 'timerange' as const, title: 'Hours', settings: {} },
]

/** Moscow's centre (spec §9: the map's default centre is 55.8, 37.6). */
const MOSCOW = { lat: 55.75, lon: 37.62 }
/** Generated tasks this recent get a work day and hours: about ten a day around today. */
const SCHEDULED = 70
/** Their work days: today and this many days either side. */
const SCHEDULE_DAYS = 3

/** A place around Moscow for the i-th task: spread over roughly 60 × 40 km, the same on every start. */
function placeOf(i: number) {
  // A golden-angle spiral: evenly spread, denser in the centre, no randomness.
  const r = Math.sqrt((i + 1) / (GENERATED + TASKS.length))
  const a = i * 2.399963
  const round = (n: number) => Math.round(n * 1e5) / 1e5
  return {
    city: 'Moscow',
    lat: round(MOSCOW.lat + r * 0.2 * Math.sin(a)),
    lon: round(MOSCOW.lon + r * 0.45 * Math.cos(a)),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayOf = (now: number, offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10)

/** The i-th task's work day and hours (from 08:00 to 20:00, half an hour to three hours long). */
function scheduleOf(i: number, now: number) {
  const start = 8 * 60 + ((i * 7) % 24) * 30
  const end = Math.min(start + 30 * (1 + ((i * 5) % 6)), 22 * 60)
  return {
    cf_day: dayOf(now, (i % (2 * SCHEDULE_DAYS + 1)) - SCHEDULE_DAYS),
    cf_hours: [
      `${pad(Math.floor(start / 60))}:${pad(start % 60)}`,
      `${pad(Math.floor(end / 60))}:${pad(end % 60)}`,
    ],
  }
}

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
        { name: 'cf_day', grid: 6 },
        { name: 'cf_hours', grid: 6 },
        { name: 'cf_place', grid: 12 },
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
  const now = Date.now()
  for (const [i, t] of TASKS.entries()) {
    const n = i + 1
    // The named tasks are today's, one after another from 09:00.
    const customFields = await validateCustomFields(tx, nodeId, {
      ...t.values,
      cf_place: placeOf(GENERATED + i),
      cf_day: dayOf(now, 0),
      cf_hours: [`${pad(9 + 2 * i)}:00`, `${pad(10 + 2 * i)}:30`],
    })
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
  const rows = []
  for (let i = 0; i < GENERATED; i++) {
    const g = generated(i, now)
    const n = TASKS.length + GENERATED - i
    const customFields = await validateCustomFields(tx, nodeId, {
      cf_priority: g.priority,
      cf_estimate: g.estimate,
      cf_place: placeOf(i),
      ...(i < SCHEDULED ? scheduleOf(i, now) : {}),
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
  // The user works on the demo process as a team member would: they move and edit its tasks (the
  // Team board's kanban). Creating tasks stays the administrator's (the user shows that case).
  await grantRight(tx, nodeId, { type: 'user', id: people.user }, 'task_edit', [process!.key])
  await seedTeamBoard(tx, nodeId, {
    id: process!.id,
    name: process!.name,
    statuses: statusIds.map((id, i) => ({ id, name: STATUSES[i]!.name })),
  })
  return {
    processId: process!.id,
    count: (await tx.select().from(tasks).where(eq(tasks.nodeId, nodeId))).length,
  }
}

/**
 * The node's default board, everyone's home until they choose another: a table of tasks (five a
 * page, filters by title and status) and, beside it, a calendar of when tasks were made; under
 * them the day's schedule by assignee and a map of where the tasks are. The seeded user holds
 * board_view on every board (seed.ts).
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
  // The day's plan by assignee, and (once the map type is registered) where the work is.
  const [schedule] = await tx
    .insert(widgets)
    .values({
      nodeId,
      type: 'schedule',
      title: 'Schedule',
      settings: settingsOf('schedule', {
        navigation: { field: 'cf_day' },
        axis_y: 'cf_hours',
        axis_x: 'assignee',
        view: { subtitle_field: 'assignee', fields: ['cf_priority', 'cf_hours', 'cf_place'] },
      }),
      query: '',
    })
    .returning()
  const [map] = isWidgetType('map')
    ? await tx
        .insert(widgets)
        .values({
          nodeId,
          type: 'map',
          title: 'Map',
          settings: settingsOf('map', {
            navigation: { field: 'cf_place' },
            view: { subtitle_field: 'assignee', fields: ['cf_priority', 'cf_day', 'cf_hours'] },
          }),
          query: '',
        })
        .returning()
    : []
  const layout = [
    { i: table!.id, x: 0, y: 0, w: 28, h: 14 },
    { i: calendar!.id, x: 28, y: 0, w: 20, h: 14 },
    { i: schedule!.id, x: 0, y: 14, w: map ? 28 : 48, h: 18 },
    ...(map ? [{ i: map.id, x: 28, y: 14, w: 20, h: 18 }] : []),
  ]
  const [board] = await tx
    .insert(boards)
    .values({ nodeId, name: 'My work', layout, isDefault: true })
    .returning()
  await tx.insert(boardWidgets).values(
    [table!, calendar!, schedule!, ...(map ? [map] : [])].map((w) => ({
      nodeId,
      boardId: board!.id,
      widgetId: w.id,
    })),
  )
}

/**
 * A second board, "Team board": a kanban of the demo process (issue 26) — its three statuses as
 * columns, the assignee and priority on each card, at most five tasks in progress.
 */
async function seedTeamBoard(
  tx: Tx,
  nodeId: string,
  process: { id: string; name: string; statuses: { id: string; name: string }[] },
) {
  const ctx = { ...settingsContext(await customDefinitions(tx, nodeId)), processes: [process] }
  const checked = checkSettings(
    getWidgetType('kanban'),
    ctx,
    {
      process_id: process.id,
      view: { fields: ['assignee', 'cf_priority'], wip: { [process.statuses[1]!.id]: 5 } },
      pagination: { per_page: 10 },
    },
    ['settings'],
  )
  if (checked.problems.length) throw new Error(`Demo kanban settings: ${JSON.stringify(checked.problems)}`)
  const [kanban] = await tx
    .insert(widgets)
    .values({ nodeId, type: 'kanban', title: 'Kanban', settings: checked.value, query: '' })
    .returning()
  const [board] = await tx
    .insert(boards)
    .values({ nodeId, name: 'Team board', layout: [{ i: kanban!.id, x: 0, y: 0, w: 48, h: 20 }] })
    .returning()
  await tx.insert(boardWidgets).values({ nodeId, boardId: board!.id, widgetId: kanban!.id })
}
