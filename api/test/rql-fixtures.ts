import type { FieldDefinition } from '@domain/fields/types'
import { fields, forms, processes, progress, progressStatuses, statuses, tasks } from '../src/db/schema'
import { ADMIN, type Harness, startApi, USER } from './harness'
import { nodeIdOf, userIdOf } from './tenant-factories'

/*
 * A small node of known tasks for the query language's tests: statuses Open → In progress → Done in
 * one progress, processes DEV and OPS, custom fields of every filter kind, and five tasks whose
 * values the tests' expectations are read from. Another node holds a look-alike task that must never
 * be found. Written straight to the database: the tasks routes are another area's.
 */

const def = (
  name: string,
  type: FieldDefinition['type'],
  settings: FieldDefinition['settings'] = {},
  structure?: FieldDefinition[],
): FieldDefinition => ({ name, type, title: name, settings, ...(structure ? { structure } : {}) })

export const CUSTOM_FIELDS: FieldDefinition[] = [
  def('cf_text', 'text'),
  def('cf_points', 'number'),
  def('cf_priority', 'select', {
    options: [
      { title: 'High', value: 'high' },
      { title: 'Low', value: 'low' },
    ],
  }),
  def('cf_tags', 'select', {
    multiple: true,
    options: [
      { title: 'Bug', value: 'bug' },
      { title: 'Feature', value: 'feature' },
    ],
  }),
  def('cf_done', 'checkbox'),
  def('cf_due', 'date'),
  def('cf_at', 'datetime'),
  def('cf_month', 'month'),
  def('cf_year', 'year'),
  def('cf_phone', 'phone'),
  def('cf_place', 'address'),
  def('cf_rows', 'json', { multiple: true }, [def('label', 'text'), def('size', 'number')]),
  def('cf_memo', 'editor'),
  def('cf_limit', 'text', { max_length: 5 }),
]

export interface RqlWorld {
  h: Harness
  adminToken: string
  userToken: string
  nodeId: string
  otherNodeId: string
  adminId: string
  userId: string
  status: { open: string; progress: string; done: string }
  process: { dev: string; ops: string }
  /** Task ids by key. */
  ids: Record<string, string>
}

const DAY = 86_400_000

export async function seedRqlWorld(h: Harness): Promise<RqlWorld> {
  const db = h.database.db
  const [nodeId, otherNodeId] = [await nodeIdOf(h, 'start'), await nodeIdOf(h, 'demo')]
  const [adminId, userId] = [await userIdOf(h, ADMIN.email), await userIdOf(h, USER.email)]
  const made = async (node: string) => {
    const [open, inProgress, done] = await db
      .insert(statuses)
      .values(['Open', 'In progress', 'Done'].map((name) => ({ nodeId: node, name })))
      .returning()
    const [flow] = await db.insert(progress).values({ nodeId: node, name: 'Flow' }).returning()
    await db.insert(progressStatuses).values(
      [open!, inProgress!, done!].map((s, position) => ({
        nodeId: node,
        progressId: flow!.id,
        statusId: s.id,
        position,
      })),
    )
    // A bulk edit changes what the process's form lets a user change: here, every field.
    const [form] = await db
      .insert(forms)
      .values({
        nodeId: node,
        name: 'Task',
        fields: ['title', 'description', ...CUSTOM_FIELDS.map((d) => d.name)].map((name) => ({
          name,
          grid: 12,
        })),
      })
      .returning()
    const formId = form!.id
    const [dev, ops] = await db
      .insert(processes)
      .values([
        { nodeId: node, key: 'DEV', name: 'Development', progressId: flow!.id, taskCounter: 10, formId },
        { nodeId: node, key: 'OPS', name: 'Operations', progressId: flow!.id, taskCounter: 1, formId },
      ])
      .returning()
    return { open: open!.id, progress: inProgress!.id, done: done!.id, dev: dev!.id, ops: ops!.id }
  }
  const here = await made(nodeId)
  const there = await made(otherNodeId)
  await db.insert(fields).values(
    CUSTOM_FIELDS.map((d) => ({
      nodeId,
      name: d.name,
      type: d.type,
      title: d.title,
      settings: d.settings,
      structure: d.structure ?? null,
    })),
  )
  const now = Date.now()
  const task = (
    key: string,
    v: Partial<typeof tasks.$inferInsert> & { customFields?: Record<string, unknown> },
    node = nodeId,
    w = here,
  ) => ({
    nodeId: node,
    key,
    number: Number(key.split('-')[1]),
    processId: key.startsWith('OPS') ? w.ops : w.dev,
    title: key,
    statusId: w.open,
    authorId: adminId,
    ...v,
  })
  const rows = await db
    .insert(tasks)
    .values([
      task('DEV-1', {
        title: 'Fix login bug',
        description: '<p>Crash on <b>login</b> page</p>',
        assigneeId: userId,
        createdAt: new Date('2024-01-10T12:00:00Z'),
        customFields: {
          cf_text: 'Alpha 100% done',
          cf_points: 5,
          cf_priority: 'high',
          cf_tags: ['bug'],
          cf_done: true,
          cf_due: '2024-01-31',
          cf_at: '2024-01-31T10:30:00.000Z',
          cf_month: '2024-01',
          cf_year: 2024,
          cf_phone: '+79161234567',
          cf_place: { city: 'Moscow', street: 'Tverskaya' },
          cf_rows: [
            { label: 'first', size: 1 },
            { label: 'second', size: 2 },
          ],
        },
      }),
      task('DEV-2', {
        title: 'Add export',
        statusId: here.progress,
        createdAt: new Date('2024-01-11T08:00:00Z'),
        customFields: {
          cf_text: 'beta_test',
          cf_points: 3,
          cf_priority: 'low',
          cf_tags: ['feature', 'bug'],
          cf_done: false,
          cf_due: '2024-02-01',
          cf_year: 2023,
        },
      }),
      task('DEV-3', {
        title: 'Открыта задача',
        statusId: here.done,
        assigneeId: adminId,
        createdAt: new Date('2024-02-01T00:00:00Z'),
      }),
      task('OPS-1', {
        title: 'Server down',
        assigneeId: userId,
        createdAt: new Date('2024-03-01T00:00:00Z'),
        customFields: {
          cf_text: 'ALPHA',
          cf_points: 10,
          cf_tags: [],
          cf_due: null,
          cf_rows: [{ label: 'third "quoted"' }],
        },
      }),
      task('DEV-10', {
        title: 'Tenth',
        statusId: here.progress,
        createdAt: new Date(now - DAY / 2),
        customFields: { cf_points: 5 },
      }),
      task('DEV-1', { title: 'Fix login bug', customFields: { cf_text: 'Alpha' } }, otherNodeId, there),
    ])
    .returning()
  const ids = Object.fromEntries(rows.filter((r) => r.nodeId === nodeId).map((r) => [r.key, r.id]))
  return {
    h,
    adminToken: await h.login(ADMIN),
    userToken: await h.login(USER),
    nodeId,
    otherNodeId,
    adminId,
    userId,
    status: { open: here.open, progress: here.progress, done: here.done },
    process: { dev: here.dev, ops: here.ops },
    ids,
  }
}

export async function startRqlWorld() {
  return seedRqlWorld(await startApi())
}

export const ALL_KEYS = ['DEV-1', 'DEV-2', 'DEV-3', 'OPS-1', 'DEV-10']
