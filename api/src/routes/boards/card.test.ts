import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { type Grant, userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, tasks, widgets } from '../../db/schema'

/*
 * GET /widgets/{nodeId}/{widgetId}/card/{taskId}, the card modal's data, over the query
 * language's small world (test/rql-fixtures.ts): the subtitle and fields the widget names with
 * their stored values, and 404 for whatever the caller may not see.
 */

let w: RqlWorld
let widgetId: string
let unboundId: string
let otherWidgetId: string

async function widget(nodeId: string, settings: Record<string, unknown>, bind: boolean) {
  const db = w.h.database.db
  const [row] = await db.insert(widgets).values({ nodeId, type: 'table', title: 'W', settings }).returning()
  if (bind) {
    const [b] = await db
      .insert(boards)
      .values({ nodeId, name: `B ${row!.id}` })
      .returning()
    await db.insert(boardWidgets).values({ nodeId, boardId: b!.id, widgetId: row!.id })
  }
  return row!.id
}

const userWith = async (grants: Grant[]) => (await userWithGrants(w.h, w.nodeId, grants)).token

beforeAll(async () => {
  w = await startRqlWorld()
  const settings = {
    view: { subtitle_field: 'assignee', fields: ['cf_priority', 'cf_due', 'status', 'gone'] },
  }
  widgetId = await widget(w.nodeId, settings, true)
  unboundId = await widget(w.nodeId, settings, false)
  otherWidgetId = await widget(w.otherNodeId, settings, true)
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Answer = { status: number; body: any }
const card = (task: string, token = w.adminToken, widget = widgetId, nodeId = w.nodeId): Promise<Answer> =>
  w.h.call('GET', `/widgets/${nodeId}/${widget}/card/${task}`, { token })

describe('the card modal data', () => {
  it('answers the title, status, subtitle and the named fields with their values', async () => {
    const res = await card(w.ids['DEV-1']!)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({
      id: w.ids['DEV-1'],
      key: 'DEV-1',
      process_key: 'DEV',
      title: 'Fix login bug',
      status: { id: w.status.open, name: 'Open' },
      subtitle: { name: 'assignee', title: 'fields.system.assignee', value: { id: w.userId } },
    })
    // A field the node no longer has is left out; a select carries its options for its display.
    expect(res.body.data.fields.map((f: { name: string }) => f.name)).toEqual([
      'cf_priority',
      'cf_due',
      'status',
    ])
    expect(res.body.data.fields[0]).toMatchObject({
      type: 'select',
      value: 'high',
      settings: { options: [{ title: 'High', value: 'high' }, expect.anything()] },
    })
    expect(res.body.data.fields[1]).toMatchObject({ type: 'date', value: '2024-01-31' })
  })

  it('answers no subtitle and no fields when the widget names none', async () => {
    const bare = await widget(w.nodeId, {}, true)
    const res = await card(w.ids['OPS-1']!, w.adminToken, bare)
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({ key: 'OPS-1', subtitle: null, fields: [] })
  })

  it("answers 404 for a task the viewer's task_view does not reach, and shows the one it does", async () => {
    const token = await userWith([{ code: 'task_view', attributes: ['OPS'] }, { code: 'board_view' }])
    expect((await card(w.ids['OPS-1']!, token)).status).toBe(200)
    const hidden = await card(w.ids['DEV-1']!, token)
    expect(hidden.status).toBe(404)
    expect(hidden.body.detail[0].type).toBe('tasks.task_not_found')
  })

  it('answers 404 for a widget the viewer sees on no board (an administrator sees it)', async () => {
    const token = await userWith([{ code: 'task_view' }, { code: 'board_view' }])
    const res = await card(w.ids['DEV-1']!, token, unboundId)
    expect(res.status).toBe(404)
    expect(res.body.detail[0].type).toBe('widgets.widget_not_found')
    expect((await card(w.ids['DEV-1']!, w.adminToken, unboundId)).status).toBe(200)
  })

  it("answers 404 for another node's task or widget, and an unknown one", async () => {
    const [foreign] = await w.h.database.db.select().from(tasks).where(eq(tasks.nodeId, w.otherNodeId))
    for (const res of [
      await card(randomUUID()),
      await card(foreign!.id),
      await card(w.ids['DEV-1']!, w.adminToken, otherWidgetId),
      await card(w.ids['DEV-1']!, w.adminToken, randomUUID()),
    ])
      expect(res.status).toBe(404)
  })

  it('answers 422 for ids that are not ids, never a 5xx', async () => {
    const res = await w.h.call('GET', `/widgets/${w.nodeId}/${widgetId}/card/not-a-uuid`, {
      token: w.adminToken,
    })
    expect(res.status).toBe(422)
  })
})
