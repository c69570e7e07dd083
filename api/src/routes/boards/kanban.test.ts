import { and, eq } from 'drizzle-orm'
import { drizzle as pgDrizzle } from 'drizzle-orm/node-postgres'
import { drizzle as pgliteDrizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import type { Db } from '../../db/client'
import * as schema from '../../db/schema'
import { boards, boardWidgets, processTransitions, tasks, widgets } from '../../db/schema'
import { kanbanData } from '../../services/board-data/kanban'
import { batchedUsers } from '../../services/board-data/users-batch'
import { scopeIn, taskCaller } from '../../services/task-access'

/*
 * The kanban's data in the board data call (issue 26) over the query language's small world
 * (test/rql-fixtures.ts: DEV and OPS, statuses Open → In progress → Done): a column per status of
 * the process with its first cards, total, WIP mark and the viewer's moves; the viewer's task_view
 * scope and the widget's query; all columns in ONE statement; settings refused with their field.
 */

let w: RqlWorld
let boardId: string
const id: Record<string, string> = {}

async function widget(name: string, settings: Record<string, unknown>, query = '') {
  const [row] = await w.h.database.db
    .insert(widgets)
    .values({ nodeId: w.nodeId, type: 'kanban', title: name, settings, query })
    .returning()
  id[name] = row!.id
  return row!
}

beforeAll(async () => {
  w = await startRqlWorld()
  const db = w.h.database.db
  // A known order inside the columns: updated, newest first.
  const at = (key: string, iso: string) =>
    db
      .update(tasks)
      .set({ updatedAt: new Date(iso) })
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.key, key)))
  await at('DEV-2', '2024-05-01T00:00:00Z')
  await at('DEV-10', '2024-05-02T00:00:00Z')
  const dev = w.process.dev
  await widget('all', { process_id: dev, view: { wip: { [w.status.progress]: 1 }, fields: ['assignee'] } })
  await widget('two', {
    process_id: dev,
    view: { columns: [w.status.done, w.status.progress] },
    pagination: { per_page: 1 },
  })
  await widget('query', { process_id: dev }, 'title ~ "Tenth"')
  await widget('priority', { process_id: dev, view: { swimlane: 'cf_priority' } })
  await widget('people', { process_id: dev, view: { swimlane: 'assignee' } })
  await widget('lanesCut', {
    process_id: dev,
    view: { swimlane: 'cf_priority' },
    pagination: { per_page: 1 },
  })
  await widget('lanesQuery', { process_id: dev, view: { swimlane: 'cf_priority' } }, 'title ~ "Tenth"')
  const [b] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Team' }).returning()
  boardId = b!.id
  for (const widgetId of Object.values(id))
    await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId, widgetId })
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any }
const data = (query = '', token = w.adminToken): Promise<Answer> =>
  w.h.call('GET', `/boards/${w.nodeId}/${boardId}/data${query ? `?${query}` : ''}`, { token })
type Column = { status: { name: string }; total: number; tasks: { key: string }[] }
const cardsOf = (entry: { data: { columns: Column[] } }) =>
  Object.fromEntries(entry.data.columns.map((c) => [c.status.name, [c.total, c.tasks.map((t) => t.key)]]))

describe('a kanban', () => {
  it('answers a column per status of the process, newest first, with totals, the WIP mark and moves', async () => {
    const res = await data()
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const entry = res.body.data[id.all!]
    expect(entry.type).toBe('kanban')
    expect(cardsOf(entry)).toEqual({
      Open: [1, ['DEV-1']],
      'In progress': [2, ['DEV-10', 'DEV-2']],
      Done: [1, ['DEV-3']],
    })
    const progress = entry.data.columns[1]
    expect(progress).toMatchObject({ wip: 1, over: true, pages: 1 })
    expect(entry.data.columns[0]).toMatchObject({ wip: null, over: false })
    // No transitions: every other status of the progress.
    expect(progress.moves_to).toEqual([w.status.open, w.status.done])
    expect(entry.data.columns[0].tasks[0]).toMatchObject({
      process_key: 'DEV',
      version: expect.any(Number),
      values: [{ name: 'assignee', value: { id: w.userId } }],
    })
  })

  it('keeps the columns of its settings in their order, a page of per_page and show more', async () => {
    const entry = (await data()).body.data[id.two!]
    expect(cardsOf(entry)).toEqual({ Done: [1, ['DEV-3']], 'In progress': [2, ['DEV-10']] })
    expect(entry.data.columns[1].moves_to).toEqual([w.status.done])
    const more = (await data(`w.${id.two}.more.${w.status.progress}=2`)).body.data[id.two!]
    expect(cardsOf(more)['In progress']).toEqual([2, ['DEV-10', 'DEV-2']])
  })

  it('reads only the columns `only` names (a move or a live change), the moves still over all', async () => {
    const ids = `${w.status.done},${w.status.open}`
    const entry = (await data(`w.${id.all}.only=${ids}`)).body.data[id.all!]
    expect(entry.data.only).toEqual([w.status.open, w.status.done])
    // In the widget's order, not the parameter's.
    expect(cardsOf(entry)).toEqual({ Open: [1, ['DEV-1']], Done: [1, ['DEV-3']] })
    expect(entry.data.columns[0].moves_to).toEqual([w.status.progress, w.status.done])
    // A status the widget does not show, or not an id: no column; the other widgets are whole.
    const two = await data(`w.${id.two}.only=${w.status.open},nonsense`)
    expect(two.status).toBe(200)
    expect(two.body.data[id.two!].data).toMatchObject({ only: [], columns: [] })
    expect(two.body.data[id.all!].data.only).toBeUndefined()
    const junk = (await data(`w.${id.all}.only=x,,y`)).body.data[id.all!]
    expect(junk.data.only).toBeUndefined()
    expect(junk.data.columns).toHaveLength(3)
  })

  it("gives each card its swimlane and the lane field's definition (a select's options: the lanes' titles)", async () => {
    const body = (await data()).body.data
    const lanes = (entry: {
      data: { columns: { tasks: { key: string; lane: string; lane_value?: unknown }[] }[] }
    }) =>
      Object.fromEntries(
        entry.data.columns.flatMap((c) => c.tasks.map((t) => [t.key, [t.lane, t.lane_value]])),
      )
    const priority = body[id.priority!]
    expect(priority.data.swimlane).toEqual({
      name: 'cf_priority',
      title: 'cf_priority',
      type: 'select',
      settings: {
        options: [
          { title: 'High', value: 'high' },
          { title: 'Low', value: 'low' },
        ],
      },
    })
    expect(lanes(priority)).toEqual({
      'DEV-1': ['high', 'high'],
      'DEV-2': ['low', 'low'],
      'DEV-10': ['', undefined],
      'DEV-3': ['', undefined],
    })
    // The assignee's lane is the person (named by the web app); no assignee: the no-value lane.
    const people = body[id.people!]
    expect(people.data.swimlane).toMatchObject({ name: 'assignee', settings: {} })
    expect(lanes(people)).toMatchObject({
      'DEV-1': [w.userId, { id: w.userId, full_name: expect.any(String) }],
      'DEV-2': ['', undefined],
      'DEV-3': [w.adminId, { id: w.adminId }],
    })
  })

  it("counts each lane's tasks per column, not the cards shown: in scope and the widget's query", async () => {
    type LaneColumn = { status: { name: string }; tasks: unknown[]; lanes?: Record<string, number> }
    const lanesOf = (entry: { data: { columns: LaneColumn[] } }) =>
      Object.fromEntries(entry.data.columns.map((c) => [c.status.name, [c.tasks.length, c.lanes ?? null]]))
    const body = (await data()).body.data
    // One card a column: In progress shows DEV-10 (no priority) of its two, DEV-2 (low) cut.
    expect(lanesOf(body[id.lanesCut!])).toEqual({
      Open: [1, { high: 1 }],
      'In progress': [1, { '': 1, low: 1 }],
      Done: [1, { '': 1 }],
    })
    // People's lanes are keyed by the person's id, as the cards' `lane`.
    expect(lanesOf(body[id.people!])).toEqual({
      Open: [1, { [w.userId]: 1 }],
      'In progress': [2, { '': 2 }],
      Done: [1, { [w.adminId]: 1 }],
    })
    expect(lanesOf(body[id.lanesQuery!])).toEqual({
      Open: [0, null],
      'In progress': [1, { '': 1 }],
      Done: [0, null],
    })
    // Without a swimlane: no lanes counted.
    expect(body[id.all!].data.columns[1].lanes).toBeUndefined()
    const ops = (
      await userWithGrants(w.h, w.nodeId, [
        { code: 'task_view', attributes: ['OPS'] },
        { code: 'board_view' },
      ])
    ).token
    expect(lanesOf((await data('', ops)).body.data[id.lanesCut!])).toEqual({
      Open: [0, null],
      'In progress': [0, null],
      Done: [0, null],
    })
  })

  it("shows only the widget's query", async () => {
    const entry = (await data()).body.data[id.query!]
    expect(cardsOf(entry)).toEqual({ Open: [0, []], 'In progress': [1, ['DEV-10']], Done: [0, []] })
  })

  it('never counts or shows a task the viewer may not view, and offers no move without task_edit', async () => {
    const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token
    const ops = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    const entry = (await data('', ops)).body.data[id.all!]
    expect(cardsOf(entry)).toEqual({ Open: [0, []], 'In progress': [0, []], Done: [0, []] })
    const viewer = await userWith([{ code: 'task_view', attributes: ['DEV'] }, { code: 'board_view' }])
    const seen = (await data('', viewer)).body.data[id.all!]
    expect(cardsOf(seen)['In progress']).toEqual([2, ['DEV-10', 'DEV-2']])
    expect(seen.data.columns.map((c: { moves_to: string[] }) => c.moves_to)).toEqual([[], [], []])
  })

  it("offers only the workflow's moves, with the fields each needs", async () => {
    const db = w.h.database.db
    await db.insert(processTransitions).values({
      nodeId: w.nodeId,
      processId: w.process.dev,
      fromStatusId: w.status.open,
      toStatusId: w.status.progress,
      requiredFields: ['cf_points'],
    })
    try {
      const entry = (await data()).body.data[id.all!]
      expect(entry.data.columns.map((c: { moves_to: string[] }) => c.moves_to)).toEqual([
        [w.status.progress],
        [],
        [],
      ])
      expect(entry.data.columns[0].requires).toEqual({ [w.status.progress]: ['cf_points'] })
    } finally {
      await db.delete(processTransitions).where(eq(processTransitions.nodeId, w.nodeId))
    }
  })

  it('reads the cards and totals of every column in ONE statement', async () => {
    const db = w.h.database.db
    const client = (db as unknown as { $client: never }).$client
    const statements: string[] = []
    const logger = { logQuery: (q: string) => statements.push(q) }
    const counted = (w.h.database.kind === 'pglite'
      ? pgliteDrizzle(client, { schema, logger })
      : pgDrizzle(client, { schema, logger })) as unknown as Db
    const who = await taskCaller(db, { auth: await authOf(), requestId: 't', ip: '127.0.0.1' }, w.nodeId)
    const ctx = {
      db: counted,
      nodeId: w.nodeId,
      who,
      scope: scopeIn(who.config, who.rights, 'task_view'),
      now: new Date(),
      users: batchedUsers(db),
    }
    const [row] = await db.select().from(widgets).where(eq(widgets.id, id.all!))
    const out = await kanbanData.compute(ctx, row!, { more: {}, only: [] })
    expect(out.columns.map((c) => c.total)).toEqual([1, 2, 1])
    expect(statements).toHaveLength(1)
    // With swimlanes as well: the lanes are the cards' own values, no statement per lane.
    const [lanes] = await db.select().from(widgets).where(eq(widgets.id, id.priority!))
    await kanbanData.compute(ctx, lanes!, { more: {}, only: [] })
    expect(statements).toHaveLength(2)
  })
})

/** The admin's auth as the request hook makes it (the provider reads the user and the node's rights). */
async function authOf() {
  const [user] = await w.h.database.db.select().from(schema.users).where(eq(schema.users.id, w.adminId))
  return { user } as never
}

describe("a kanban's settings", () => {
  const create = (settings: unknown) =>
    w.h.call('POST', `/widgets/${w.nodeId}`, {
      token: w.adminToken,
      body: { type: 'kanban', title: 'K', settings },
    }) as Promise<Answer>
  const locs = (res: Answer) =>
    res.body.detail.map((d: { type: string; loc: string[] }) => [d.type, d.loc.join('.')])

  it('are kept with their defaults when valid', async () => {
    const res = await create({ process_id: w.process.dev })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data.settings).toMatchObject({
      process_id: w.process.dev,
      view: { swimlane: 'none', delimiter: '·', order: 'updated_at' },
      pagination: { per_page: 20 },
    })
  })

  it('are refused with the field: no process, an unknown column, a bad WIP and page size', async () => {
    expect(locs(await create({ process_id: null }))).toEqual([
      ['validation.required', 'body.settings.process_id'],
    ])
    expect(locs(await create({ process_id: 'nope' }))).toEqual([
      ['value_error.enum', 'body.settings.process_id'],
    ])
    expect(locs(await create({ process_id: w.process.dev, view: { columns: [w.userId] } }))).toEqual([
      ['value_error.enum', 'body.settings.view.columns'],
    ])
    const other = await create({
      process_id: w.process.ops,
      view: { columns: [w.status.open], wip: { [w.status.open]: 0 } },
      pagination: { per_page: 500 },
    })
    expect(other.status).toBe(422)
    expect(locs(other)).toEqual([
      ['widgets.kanban.per_page', 'body.settings.pagination.per_page'],
      ['widgets.kanban.wip', 'body.settings.view.wip'],
    ])
    const swim = await create({ process_id: w.process.dev, view: { swimlane: 'title' } })
    expect(locs(swim)).toEqual([['value_error.enum', 'body.settings.view.swimlane']])
  })
})
