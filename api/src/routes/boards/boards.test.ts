import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { locs } from '../../../test/details'
import { bindWithRights, createTeam, createUser, tamper, UNKNOWN_ID } from '../../../test/tenant-factories'
import { startWorkflowApi } from '../../../test/workflow-factories'
import { rights } from '../../db/schema'
import { grantRight } from '../../repositories/rights-repository'

async function waitFor(ok: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await ok()); i++) await new Promise((r) => setTimeout(r, 20))
}

let w: Awaited<ReturnType<typeof startWorkflowApi>>
beforeAll(async () => {
  w = await startWorkflowApi()
})
afterAll(() => w.h.close())

interface Item {
  i: string
  x: number
  y: number
  w: number
  h: number
}
interface WidgetOut {
  id: string
  type: string
  title: string
  settings: Record<string, unknown>
  query: string
  board_ids: string[]
}
interface BoardOut {
  id: string
  name: string
  layout: Item[]
  layouts: { md: Item[]; sm: Item[]; xs: Item[] }
  layouts_own: string[]
  is_default: boolean
  widgets: WidgetOut[]
}

const call = (method: string, path: string, token?: string, body?: unknown) =>
  w.h.call(method, path, { token, body })
const refused = (act: () => ReturnType<typeof call>) => unchanged(w.h.database.db, act)
const suffix = () => Math.random().toString(36).slice(2, 8)

const makeBoard = async (body: Record<string, unknown> = {}, nodeId = w.startId) => {
  const res = await call('POST', `/boards/${nodeId}`, w.adminToken, { name: `board ${suffix()}`, ...body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as BoardOut
}
const makeWidget = async (body: Record<string, unknown> = {}, nodeId = w.startId) => {
  const res = await call('POST', `/widgets/${nodeId}`, w.adminToken, {
    type: 'table',
    title: `widget ${suffix()}`,
    ...body,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data as WidgetOut
}
const bind = (body: unknown, token = w.adminToken, nodeId = w.startId) =>
  call('POST', `/widgets/bind-board/${nodeId}`, token, body)

/** A user of the start node with is_authorized and board_view on the given boards (none: no board_view). */
async function viewer(boardIds?: string[]) {
  const u = await createUser(w.h)
  await bindWithRights(w.h, w.startId, u.id, ['is_authorized'])
  if (boardIds)
    await grantRight(w.h.database.db, w.startId, { type: 'user', id: u.id }, 'board_view', boardIds)
  return { ...u, token: await w.h.login(u) }
}

describe('POST /widgets/{nodeId}', () => {
  it('creates a table with its default settings, and a calendar on a date field', async () => {
    const table = await call('POST', `/widgets/${w.startId}`, w.adminToken, {
      type: 'table',
      title: ' Mine ',
      query: ' title ~ "a" ',
    })
    expect(table.status).toBe(201)
    expect(table.body).toMatchObject({
      data: {
        type: 'table',
        title: 'Mine',
        query: 'title ~ "a"',
        board_ids: [],
        settings: { view: { headers: ['key', 'title', 'status', 'assignee'] }, pagination: { per_page: 5 } },
      },
      detail: [{ type: 'widgets.widget_created' }],
    })
    const cal = await makeWidget({ type: 'calendar', settings: { navigation: { field: 'updated_at' } } })
    // The calendar's card fields and delimiter default as a day always showed a task (issue 25).
    expect(cal.settings).toEqual({
      navigation: { field: 'updated_at' },
      view: { fields: ['key', 'title', 'status'], delimiter: '·' },
    })
  })

  it('refuses an unknown type, bad settings, a query that does not parse (422)', async () => {
    const pie = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, { type: 'pie', title: 'x' }),
    )
    expect([pie.status, locs(pie.body)]).toEqual([422, ['body.type:widgets.unknown_type']])
    const proto = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, { type: 'toString', title: 'x' }),
    )
    expect(locs(proto.body)).toEqual(['body.type:widgets.unknown_type'])
    const settings = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, {
        type: 'calendar',
        title: 'x',
        settings: { navigation: { field: 'title' } },
      }),
    )
    expect(settings.status).toBe(422)
    expect(locs(settings.body)[0]).toMatch(/^body\.settings\.navigation\.field:/)
    const headers = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, {
        type: 'table',
        title: 'x',
        settings: { view: { headers: ['title', 'no_such_field'] } },
      }),
    )
    expect(locs(headers.body)[0]).toMatch(/^body\.settings\.view\.headers/)
    const query = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, { type: 'table', title: 'x', query: 'title = (' }),
    )
    expect(query.status).toBe(422)
    expect(query.body.detail[0]).toMatchObject({
      loc: ['body', 'query'],
      ctx: { position: expect.any(Number) },
    })
    expect(query.body.detail[0].type).toMatch(/^rql\./)
    const unknownField = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.adminToken, { type: 'table', title: 'x', query: 'nope = 1' }),
    )
    expect(unknownField.body.detail[0].type).toMatch(/^rql\./)
  })

  it('refuses a user (403), another node (404), no token (401)', async () => {
    const user = await refused(() =>
      call('POST', `/widgets/${w.startId}`, w.userToken, { type: 'table', title: 'x' }),
    )
    expect([user.status, user.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const other = await refused(() =>
      call('POST', `/widgets/${w.demoId}`, w.userToken, { type: 'table', title: 'x' }),
    )
    expect([other.status, other.body.detail[0].type]).toEqual([404, 'nodes.node_not_found'])
    const anon = await refused(() =>
      call('POST', `/widgets/${w.startId}`, tamper(w.adminToken), { type: 'table', title: 'x' }),
    )
    expect(anon.status).toBe(401)
  })
})

describe('GET, PATCH, DELETE /widgets/{nodeId}/{widgetId}', () => {
  it('lists by title, searched, of one type, paginated; admin only', async () => {
    const tag = suffix()
    const b = await makeWidget({ title: `Zq${tag} beta` })
    await makeWidget({ title: `Zq${tag} alpha` })
    await makeWidget({ title: `Zq${tag} gamma`, type: 'calendar' })
    const res = await call(
      'GET',
      `/widgets/${w.startId}?search=zq${tag}&type=table&per_page=1&page=2`,
      w.adminToken,
    )
    expect(res.status).toBe(200)
    expect(res.body.data.map((x: WidgetOut) => x.id)).toEqual([b.id])
    expect(res.body.meta).toEqual({ total: 2, page: 2, per_page: 1 })
    expect((await call('GET', `/widgets/${w.startId}`, w.userToken)).status).toBe(403)
    expect((await call('GET', `/widgets/${w.startId}/${b.id}`, w.userToken)).status).toBe(403)
    const one = await call('GET', `/widgets/${w.startId}/${b.id}`, w.adminToken)
    expect(one.body.data).toMatchObject({ id: b.id, title: `Zq${tag} beta` })
  })

  it('edits title, settings and query (type fixed), and refuses bad ones', async () => {
    const widget = await makeWidget()
    const res = await call('PATCH', `/widgets/${w.startId}/${widget.id}`, w.adminToken, {
      title: 'Renamed',
      settings: { pagination: { per_page: 7 } },
      query: 'title ~ "x"',
    })
    expect(res.status).toBe(200)
    expect(res.body.data).toMatchObject({
      title: 'Renamed',
      query: 'title ~ "x"',
      settings: { pagination: { per_page: 7 } },
    })
    expect(res.body.detail[0].type).toBe('widgets.widget_edited')
    const type = await refused(() =>
      call('PATCH', `/widgets/${w.startId}/${widget.id}`, w.adminToken, { type: 'calendar' }),
    )
    expect(locs(type.body)).toEqual(['body:value_error.extra'])
    const query = await refused(() =>
      call('PATCH', `/widgets/${w.startId}/${widget.id}`, w.adminToken, { query: '((' }),
    )
    expect(query.status).toBe(422)
  })

  it("answers another node's or an unknown widget with 404", async () => {
    const theirs = await makeWidget({}, w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { title: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await refused(() => call(method, `/widgets/${w.startId}/${id}`, w.adminToken, body))
        expect([res.status, res.body.detail[0].type]).toEqual([404, 'widgets.widget_not_found'])
      }
    }
  })

  it('deletes a widget: it leaves its boards and their layouts', async () => {
    const board = await makeBoard()
    const [a, b] = [await makeWidget(), await makeWidget()]
    await bind({ board_id: board.id, widget_ids: [a.id, b.id] })
    const res = await call('DELETE', `/widgets/${w.startId}/${a.id}`, w.adminToken)
    expect(res.body).toEqual({
      data: { id: a.id },
      detail: [{ type: 'widgets.widget_deleted', msg: 'Widget deleted' }],
    })
    const after = (await call('GET', `/boards/${w.startId}/${board.id}`, w.adminToken)).body.data as BoardOut
    expect(after.widgets.map((x) => x.id)).toEqual([b.id])
    expect(after.layout.map((x) => x.i)).toEqual([b.id])
  })
})

describe('POST /widgets/bind-board/{nodeId}', () => {
  it('places new widgets below at their default size, idempotently; unbinding removes their items', async () => {
    const board = await makeBoard()
    const [t, c] = [await makeWidget(), await makeWidget({ type: 'calendar' })]
    const first = await bind({ board_id: board.id, widget_ids: [t.id] })
    expect(first.status).toBe(200)
    expect(first.body.detail[0].type).toBe('boards.widgets_bound')
    expect(first.body.data.layout).toEqual([{ i: t.id, x: 0, y: 0, w: 24, h: 10 }])
    const second = await bind({ board_id: board.id, widget_ids: [c.id, t.id] })
    expect(second.body.data.layout).toEqual([
      { i: t.id, x: 0, y: 0, w: 24, h: 10 },
      { i: c.id, x: 0, y: 10, w: 16, h: 14 },
    ])
    expect(second.body.data.widgets.map((x: WidgetOut) => x.id)).toEqual([t.id, c.id])
    expect(second.body.data.widgets[0].board_ids).toEqual([board.id])
    const off = await bind({ board_id: board.id, widget_ids: [t.id], unbind: true })
    expect(off.body.detail[0].type).toBe('boards.widgets_unbound')
    expect(off.body.data.layout.map((x: Item) => x.i)).toEqual([c.id])
    expect(off.body.data.widgets.map((x: WidgetOut) => x.id)).toEqual([c.id])
  })

  it("answers another node's board or widget with 404, a user with 403, bad input with 422", async () => {
    const mine = await makeBoard()
    const widget = await makeWidget()
    const theirBoard = await makeBoard({}, w.demoId)
    const theirWidget = await makeWidget({}, w.demoId)
    const b = await refused(() => bind({ board_id: theirBoard.id, widget_ids: [widget.id] }))
    expect([b.status, locs(b.body)]).toEqual([404, ['body.board_id:boards.board_not_found']])
    const x = await refused(() => bind({ board_id: mine.id, widget_ids: [widget.id, theirWidget.id] }))
    expect([x.status, locs(x.body)]).toEqual([404, ['body.widget_ids.1:widgets.widget_not_found']])
    const user = await refused(() => bind({ board_id: mine.id, widget_ids: [widget.id] }, w.userToken))
    expect(user.status).toBe(403)
    const bad = await refused(() => bind({ board_id: mine.id, widget_ids: [] }))
    expect(locs(bad.body)).toEqual(['body.widget_ids:value_error.missing'])
  })
})

describe('boards: create, edit, delete', () => {
  it('creates a board; a layout naming widgets not on it is refused', async () => {
    const res = await call('POST', `/boards/${w.startId}`, w.adminToken, {
      name: ' Ops ',
      settings: { no_left_menu: true },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      data: { name: 'Ops', layout: [], settings: { no_left_menu: true }, is_default: false, widgets: [] },
      detail: [{ type: 'boards.board_created' }],
    })
    const unknown = await refused(() =>
      call('POST', `/boards/${w.startId}`, w.adminToken, {
        name: 'x',
        layout: [{ i: 'a', x: 0, y: 0, w: 1, h: 1 }],
      }),
    )
    expect([unknown.status, locs(unknown.body)]).toEqual([
      422,
      ['body.layout.0.i:boards.layout_unknown_item'],
    ])
  })

  it('validates layouts: not an array, duplicate ids, unknown items, clamping', async () => {
    const board = await makeBoard()
    const [a, b] = [await makeWidget(), await makeWidget()]
    await bind({ board_id: board.id, widget_ids: [a.id, b.id] })
    const path = `/boards/${w.startId}/${board.id}`
    const notArray = await refused(() => call('PATCH', path, w.adminToken, { layout: { i: a.id } }))
    expect(locs(notArray.body)).toEqual(['body.layout:boards.layout_not_array'])
    const dup = await refused(() =>
      call('PATCH', path, w.adminToken, {
        layout: [
          { i: a.id, x: 0, y: 0, w: 4, h: 4 },
          { i: a.id, x: 4, y: 0, w: 4, h: 4 },
        ],
      }),
    )
    expect(locs(dup.body)).toEqual(['body.layout.1.i:boards.layout_duplicate_id'])
    const unknown = await refused(() =>
      call('PATCH', path, w.adminToken, { layout: [{ i: UNKNOWN_ID, x: 0, y: 0, w: 4, h: 4 }] }),
    )
    expect(locs(unknown.body)).toEqual(['body.layout.0.i:boards.layout_unknown_item'])
    const bad = await refused(() =>
      call('PATCH', path, w.adminToken, { layout: [{ i: a.id, x: -1, y: 0, w: 'a', h: 4 }] }),
    )
    expect(bad.status).toBe(422)
    // Clamped to the grid; the bound widget left out is placed below.
    const res = await call('PATCH', path, w.adminToken, {
      layout: [{ i: a.id, x: 40, y: 2, w: 20, h: 5, minW: 30 }],
    })
    expect(res.status).toBe(200)
    expect(res.body.detail[0].type).toBe('boards.board_edited')
    expect(res.body.data.layout).toEqual([
      { i: a.id, x: 18, y: 2, w: 30, h: 5, minW: 30 },
      { i: b.id, x: 0, y: 7, w: 24, h: 10 },
    ])
  })

  it('keeps one default board per node: setting it moves it', async () => {
    const first = await makeBoard({ is_default: true })
    expect(first.is_default).toBe(true)
    const second = await makeBoard({ is_default: true })
    expect(second.is_default).toBe(true)
    expect((await call('GET', `/boards/${w.startId}/${first.id}`, w.adminToken)).body.data.is_default).toBe(
      false,
    )
    const moved = await call('PATCH', `/boards/${w.startId}/${first.id}`, w.adminToken, { is_default: true })
    expect(moved.body.data.is_default).toBe(true)
    expect((await call('GET', `/boards/${w.startId}/${second.id}`, w.adminToken)).body.data.is_default).toBe(
      false,
    )
    const off = await call('PATCH', `/boards/${w.startId}/${first.id}`, w.adminToken, { is_default: false })
    expect(off.body.data.is_default).toBe(false)
  })

  it('deletes a board; its widgets stay', async () => {
    const board = await makeBoard()
    const widget = await makeWidget()
    await bind({ board_id: board.id, widget_ids: [widget.id] })
    const res = await call('DELETE', `/boards/${w.startId}/${board.id}`, w.adminToken)
    expect(res.body).toEqual({
      data: { id: board.id },
      detail: [{ type: 'boards.board_deleted', msg: 'Board deleted' }],
    })
    expect((await call('GET', `/boards/${w.startId}/${board.id}`, w.adminToken)).status).toBe(404)
    const still = await call('GET', `/widgets/${w.startId}/${widget.id}`, w.adminToken)
    expect(still.body.data.board_ids).toEqual([])
  })

  it('refuses writes by a user (403) and answers another node’s or unknown boards with 404', async () => {
    const mine = await makeBoard()
    for (const [method, path, body] of [
      ['POST', `/boards/${w.startId}`, { name: 'x' }],
      ['PATCH', `/boards/${w.startId}/${mine.id}`, { name: 'x' }],
      ['DELETE', `/boards/${w.startId}/${mine.id}`, undefined],
    ] as const) {
      const res = await refused(() => call(method, path, w.userToken, body))
      expect([res.status, res.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    }
    const theirs = await makeBoard({}, w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID])
      for (const [method, body] of [
        ['GET', undefined],
        ['PATCH', { name: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await refused(() => call(method, `/boards/${w.startId}/${id}`, w.adminToken, body))
        expect([res.status, res.body.detail[0].type]).toEqual([404, 'boards.board_not_found'])
      }
  })
})

describe('layouts at every width (PRODUCT.md §10)', () => {
  const patch = (id: string, body: unknown, token = w.adminToken) =>
    call('PATCH', `/boards/${w.startId}/${id}`, token, body)
  async function twoWide() {
    const board = await makeBoard()
    const a = await makeWidget()
    const b = await makeWidget()
    await bind({ board_id: board.id, widget_ids: [a.id, b.id] })
    const res = await patch(board.id, {
      layout: [
        { i: a.id, x: 0, y: 0, w: 24, h: 8 },
        { i: b.id, x: 24, y: 0, w: 24, h: 6 },
      ],
    })
    return { board: res.body.data as BoardOut, a, b }
  }

  it('derives md, sm and xs from the wider layout until one is edited; editing md leaves lg', async () => {
    const { board, a, b } = await twoWide()
    expect(board.layouts_own).toEqual([])
    expect(board.layouts.md).toEqual([
      { i: a.id, x: 0, y: 0, w: 12, h: 8 },
      { i: b.id, x: 12, y: 0, w: 12, h: 6 },
    ])
    expect(board.layouts.xs).toEqual([
      { i: a.id, x: 0, y: 0, w: 1, h: 8 },
      { i: b.id, x: 0, y: 8, w: 1, h: 6 },
    ])
    const md = [
      { i: b.id, x: 0, y: 0, w: 24, h: 6 },
      { i: a.id, x: 0, y: 6, w: 30, h: 8 },
    ]
    const edited = (await patch(board.id, { layouts: { md } })).body.data as BoardOut
    expect(edited.layout).toEqual(board.layout)
    expect(edited.layouts_own).toEqual(['md'])
    // Clamped to md's 24 columns; sm and xs now follow md (b first).
    expect(edited.layouts.md).toEqual([md[0], { ...md[1], w: 24 }])
    expect(edited.layouts.xs.map((it) => it.i)).toEqual([b.id, a.id])
    // A change of lg leaves the edited md as it is.
    const lgAgain = (await patch(board.id, { layout: [{ i: a.id, x: 0, y: 0, w: 48, h: 4 }] })).body
      .data as BoardOut
    expect(lgAgain.layouts.md).toEqual(edited.layouts.md)
    // null: md is derived again.
    const reset = (await patch(board.id, { layouts: { md: null } })).body.data as BoardOut
    expect(reset.layouts_own).toEqual([])
    expect(reset.layouts.md[0]).toMatchObject({ i: a.id, w: 24 })
  })

  it('refuses bad layouts with a catalogue code and changes nothing', async () => {
    const { board, a } = await twoWide()
    for (const [body, loc, type] of [
      [{ layouts: { lg: [] } }, ['body', 'layouts'], 'value_error.extra'],
      [{ layouts: { sm: 'x' } }, ['body', 'layouts', 'sm'], 'boards.layout_not_array'],
      [
        { layouts: { xs: [{ i: UNKNOWN_ID, x: 0, y: 0, w: 1, h: 1 }] } },
        ['body', 'layouts', 'xs', 0, 'i'],
        'boards.layout_unknown_item',
      ],
      [
        { layouts: { md: [{ i: a.id, x: 0, y: 0, w: 1 }] } },
        ['body', 'layouts', 'md', 0, 'h'],
        'value_error.missing',
      ],
    ] as const) {
      const res = await refused(() => patch(board.id, body))
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(locs(res.body)).toContain(`${loc.join('.')}:${type}`)
    }
  })

  it('keeps own layouts to the bound widgets, and export and import carry them', async () => {
    const { board, a, b } = await twoWide()
    await patch(board.id, {
      layouts: {
        sm: [
          { i: b.id, x: 0, y: 0, w: 12, h: 6 },
          { i: a.id, x: 0, y: 6, w: 6, h: 8 },
        ],
      },
    })
    const c = await makeWidget()
    const bound = (await bind({ board_id: board.id, widget_ids: [c.id] })).body.data as BoardOut
    expect(bound.layouts.sm.map((it) => it.i)).toEqual([b.id, a.id, c.id])
    const doc = (await call('GET', `/boards/${w.startId}/${board.id}/export`, w.adminToken)).body.data
    expect(doc.board.layouts).toEqual({
      sm: [
        { i: 'w2', x: 0, y: 0, w: 12, h: 6 },
        { i: 'w1', x: 0, y: 6, w: 6, h: 8 },
      ],
    })
    const made = await call('POST', `/boards/${w.startId}/import`, w.adminToken, { document: doc })
    expect(made.body.data.problems).toEqual([])
    const copy = (await call('GET', `/boards/${w.startId}/${made.body.data.board_id}`, w.adminToken)).body
      .data as BoardOut
    expect(copy.layouts_own).toEqual(['sm'])
    expect(copy.layouts.sm.slice(0, 2).map((it) => [it.x, it.y, it.w, it.h])).toEqual([
      [0, 0, 12, 6],
      [0, 6, 6, 8],
    ])
    const bad = await refused(() =>
      call('POST', `/boards/${w.startId}/import`, w.adminToken, {
        document: {
          ...doc,
          board: { ...doc.board, layouts: { xs: [{ i: 'nope', x: 0, y: 0, w: 1, h: 1 }] } },
        },
      }),
    )
    expect(bad.body.data.problems.map((p: { path: string }) => p.path)).toContain('board.layouts.xs.0.i')
    // A deleted widget leaves the own layouts as well.
    await call('DELETE', `/widgets/${w.startId}/${a.id}`, w.adminToken)
    const after = (await call('GET', `/boards/${w.startId}/${board.id}`, w.adminToken)).body.data as BoardOut
    expect(after.layouts.sm.map((it) => it.i)).toEqual([b.id, c.id])
  })
})

describe('board_view', () => {
  it('lists only the boards one may view; others answer 403', async () => {
    const tag = suffix()
    const a = await makeBoard({ name: `Bv${tag} a` })
    const b = await makeBoard({ name: `Bv${tag} b` })
    const onlyA = await viewer([a.id])
    const list = await call('GET', `/boards/${w.startId}?search=bv${tag}`, onlyA.token)
    expect([list.status, list.body.data.map((x: BoardOut) => x.id), list.body.meta.total]).toEqual([
      200,
      [a.id],
      1,
    ])
    expect((await call('GET', `/boards/${w.startId}/${a.id}`, onlyA.token)).status).toBe(200)
    const denied = await call('GET', `/boards/${w.startId}/${b.id}`, onlyA.token)
    expect([denied.status, denied.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const none = await viewer()
    const empty = await call('GET', `/boards/${w.startId}?search=bv${tag}`, none.token)
    expect([empty.status, empty.body.data, empty.body.meta.total]).toEqual([200, [], 0])
    expect((await call('GET', `/boards/${w.startId}/${a.id}`, none.token)).status).toBe(403)
    // board_view without attributes: every board, paginated.
    const all = await call('GET', `/boards/${w.startId}?search=bv${tag}&per_page=1&page=2`, w.userToken)
    expect([all.body.data.map((x: BoardOut) => x.id), all.body.meta]).toEqual([
      [b.id],
      { total: 2, page: 2, per_page: 1 },
    ])
  })
})

describe('board_view through a team', () => {
  it('adds the team’s boards to the member’s own', async () => {
    const tag = suffix()
    const a = await makeBoard({ name: `Tm${tag} a` })
    const b = await makeBoard({ name: `Tm${tag} b` })
    await makeBoard({ name: `Tm${tag} c` })
    const u = await viewer([a.id])
    const team = await createTeam(w.h, w.startId, [u.id])
    await grantRight(w.h.database.db, w.startId, { type: 'team', id: team.id }, 'board_view', [b.id])
    await waitFor(async () => (await call('GET', `/boards/${w.startId}/${b.id}`, u.token)).status === 200)
    const list = await call('GET', `/boards/${w.startId}?search=tm${tag}`, u.token)
    expect(list.body.data.map((x: BoardOut) => x.id)).toEqual([a.id, b.id])
  })
})

describe('GET, PUT /boards/{nodeId}/home', () => {
  it('answers the chosen board while viewable, else the default if viewable, else null', async () => {
    const def = await makeBoard({ is_default: true })
    const chosen = await makeBoard()
    const widget = await makeWidget()
    await bind({ board_id: chosen.id, widget_ids: [widget.id] })
    const u = await viewer([def.id, chosen.id])
    const home = () => call('GET', `/boards/${w.startId}/home`, u.token)
    expect((await home()).body.data.id).toBe(def.id)
    const put = await call('PUT', `/boards/${w.startId}/home`, u.token, { board_id: chosen.id })
    expect([put.status, put.body.data.id, put.body.data.widgets.map((x: WidgetOut) => x.id)]).toEqual([
      200,
      chosen.id,
      [widget.id],
    ])
    expect((await home()).body.data.id).toBe(chosen.id)
    // board_view on the chosen board taken away: back to the default.
    const narrowed = await viewer([def.id, chosen.id])
    await call('PUT', `/boards/${w.startId}/home`, narrowed.token, { board_id: chosen.id })
    await w.h.database.db
      .delete(rights)
      .where(and(eq(rights.subjectId, narrowed.id), eq(rights.rightCode, 'board_view')))
    await grantRight(w.h.database.db, w.startId, { type: 'user', id: narrowed.id }, 'board_view', [def.id])
    await waitFor(
      async () => (await call('GET', `/boards/${w.startId}/${chosen.id}`, narrowed.token)).status === 403,
    )
    expect((await call('GET', `/boards/${w.startId}/home`, narrowed.token)).body.data.id).toBe(def.id)
    // Cleared: the default again; no default board viewable: null.
    const cleared = await call('PUT', `/boards/${w.startId}/home`, u.token, { board_id: null })
    expect(cleared.body.data.id).toBe(def.id)
    const none = await viewer()
    expect((await call('GET', `/boards/${w.startId}/home`, none.token)).body).toEqual({ data: null })
    await call('PATCH', `/boards/${w.startId}/${def.id}`, w.adminToken, { is_default: false })
    expect((await home()).body).toEqual({ data: null })
  })

  it('refuses a board one may not view (403), an unknown or another node’s (404), bad input (422)', async () => {
    const a = await makeBoard()
    const b = await makeBoard()
    const u = await viewer([a.id])
    const denied = await refused(() => call('PUT', `/boards/${w.startId}/home`, u.token, { board_id: b.id }))
    expect([denied.status, denied.body.detail[0].type]).toEqual([403, 'rights.forbidden'])
    const theirs = await makeBoard({}, w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const res = await refused(() => call('PUT', `/boards/${w.startId}/home`, u.token, { board_id: id }))
      expect([res.status, locs(res.body)]).toEqual([404, ['body.board_id:boards.board_not_found']])
    }
    const bad = await refused(() => call('PUT', `/boards/${w.startId}/home`, u.token, { board_id: 'x' }))
    expect([bad.status, locs(bad.body)]).toEqual([422, ['body.board_id:value_error.uuid']])
    const missing = await refused(() => call('PUT', `/boards/${w.startId}/home`, u.token, {}))
    expect([missing.status, locs(missing.body)]).toEqual([422, ['body.board_id:value_error.missing']])
    const other = await refused(() => call('GET', `/boards/${w.demoId}/home`, u.token))
    expect(other.status).toBe(404)
  })
})

describe('export and import', () => {
  const importDoc = (document: unknown, dry_run?: boolean, token = w.adminToken) =>
    call('POST', `/boards/${w.startId}/import`, token, {
      document,
      ...(dry_run === undefined ? {} : { dry_run }),
    })

  it('round-trips a board: dry run creates nothing, then the import makes board, widgets and layout', async () => {
    const board = await makeBoard({ name: 'Exported', settings: { no_top_menu: true } })
    const table = await makeWidget({
      title: 'T',
      query: 'title ~ "a"',
      settings: { view: { filters: ['title'] } },
    })
    const cal = await makeWidget({ type: 'calendar', title: 'C' })
    await bind({ board_id: board.id, widget_ids: [table.id, cal.id] })
    await call('PATCH', `/boards/${w.startId}/${board.id}`, w.adminToken, {
      layout: [
        { i: table.id, x: 0, y: 0, w: 28, h: 12 },
        { i: cal.id, x: 28, y: 0, w: 20, h: 12 },
      ],
    })
    const exported = await call('GET', `/boards/${w.startId}/${board.id}/export`, w.adminToken)
    expect(exported.status).toBe(200)
    const doc = exported.body.data
    expect(doc).toEqual({
      format: 'nodus.board',
      version: 1,
      board: {
        name: 'Exported',
        settings: { no_top_menu: true },
        layout: [
          { i: 'w1', x: 0, y: 0, w: 28, h: 12 },
          { i: 'w2', x: 28, y: 0, w: 20, h: 12 },
        ],
        layouts: {},
      },
      widgets: [
        { ref: 'w1', type: 'table', title: 'T', settings: table.settings, query: 'title ~ "a"' },
        { ref: 'w2', type: 'calendar', title: 'C', settings: cal.settings, query: '' },
      ],
    })
    expect(JSON.stringify(doc)).not.toContain(board.id)
    expect(JSON.stringify(doc)).not.toContain(table.id)

    const dry = await refused(() => importDoc(doc, true))
    expect(dry.status).toBe(200)
    expect(dry.body.data).toEqual({
      board: { name: 'Exported' },
      widgets: [
        { title: 'T', type: 'table' },
        { title: 'C', type: 'calendar' },
      ],
      problems: [],
      created: false,
    })

    const made = await importDoc(doc)
    expect(made.status).toBe(200)
    expect(made.body.detail[0].type).toBe('boards.board_imported')
    expect(made.body.data).toMatchObject({ created: true, problems: [], board_id: expect.any(String) })
    const copy = (await call('GET', `/boards/${w.startId}/${made.body.data.board_id}`, w.adminToken)).body
      .data as BoardOut
    expect(copy).toMatchObject({ name: 'Exported', is_default: false, settings: { no_top_menu: true } })
    expect(copy.widgets.map((x) => [x.type, x.title, x.query])).toEqual([
      ['table', 'T', 'title ~ "a"'],
      ['calendar', 'C', ''],
    ])
    expect(copy.widgets.map((x) => x.id)).not.toContain(table.id)
    expect(copy.layout).toEqual([
      { i: copy.widgets[0]!.id, x: 0, y: 0, w: 28, h: 12 },
      { i: copy.widgets[1]!.id, x: 28, y: 0, w: 20, h: 12 },
    ])
    // The same export, again: the same again.
    const again = await call('GET', `/boards/${w.startId}/${copy.id}/export`, w.adminToken)
    expect(again.body.data).toEqual(doc)
  })

  it('reports problems — unknown type, bad settings, a query that does not parse, a bad layout — and creates nothing', async () => {
    const doc = {
      format: 'nodus.board',
      version: 1,
      board: { name: 'Bad', layout: [{ i: 'zz', x: 0, y: 0, w: 4, h: 4 }] },
      widgets: [
        { ref: 'a', type: 'pie', title: 'Pie' },
        { ref: 'b', type: 'calendar', title: 'C', settings: { navigation: { field: 'title' } } },
        { ref: 'c', type: 'table', title: 'T', query: 'title = (' },
        { ref: 'c', type: 'table', title: 'T2' },
      ],
    }
    for (const dry of [true, false]) {
      const res = await refused(() => importDoc(doc, dry))
      expect(res.status).toBe(200)
      expect(res.body.data.created).toBe(false)
      const paths = res.body.data.problems.map((p: { path: string; type: string }) => `${p.path}:${p.type}`)
      expect(paths).toContain('widgets.0.type:widgets.unknown_type')
      expect(paths.some((p: string) => p.startsWith('widgets.1.settings.navigation.field:'))).toBe(true)
      expect(paths.some((p: string) => /^widgets\.2\.query:rql\./.test(p))).toBe(true)
      expect(paths).toContain('widgets.3.ref:boards.layout_duplicate_id')
      expect(paths).toContain('board.layout.0.i:boards.layout_unknown_item')
    }
    const notArray = await refused(() =>
      importDoc({ format: 'nodus.board', version: 1, board: { name: 'x', layout: {} }, widgets: [] }),
    )
    expect(notArray.body.detail[0].type).toBe('boards.import_invalid')
  })

  it('answers a document that is not one with 422 boards.import_invalid', async () => {
    for (const document of [
      null,
      'text',
      [],
      {},
      { format: 'other', version: 1, board: { name: 'x' }, widgets: [] },
      { format: 'nodus.board', version: 2, board: { name: 'x' }, widgets: [] },
      { format: 'nodus.board', version: 1, board: { name: '' }, widgets: [] },
      { format: 'nodus.board', version: 1, board: { name: 'x' }, widgets: {} },
      { format: 'nodus.board', version: 1, board: { name: 'x' }, widgets: [{ ref: 'a' }] },
    ]) {
      const res = await refused(() => importDoc(document))
      expect([res.status, res.body.detail[0]?.type], JSON.stringify(document)).toEqual([
        422,
        'boards.import_invalid',
      ])
      expect(res.body.detail[0].loc).toEqual(['body', 'document'])
    }
    const extra = await refused(() =>
      call('POST', `/boards/${w.startId}/import`, w.adminToken, { document: {}, more: 1 }),
    )
    expect(extra.status).toBe(422)
  })

  it('is for administrators: a user gets 403; another node’s board 404', async () => {
    const board = await makeBoard()
    const doc = { format: 'nodus.board', version: 1, board: { name: 'x' }, widgets: [] }
    expect((await refused(() => importDoc(doc, false, w.userToken))).status).toBe(403)
    expect((await call('GET', `/boards/${w.startId}/${board.id}/export`, w.userToken)).status).toBe(403)
    const theirs = await makeBoard({}, w.demoId)
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const res = await call('GET', `/boards/${w.startId}/${id}/export`, w.adminToken)
      expect([res.status, res.body.detail[0].type]).toEqual([404, 'boards.board_not_found'])
    }
    const empty = await importDoc(doc)
    expect(empty.body.data).toMatchObject({ created: true, widgets: [] })
  })
})

describe('hostile input', () => {
  it('answers NUL characters, huge arrays and deep nesting with 4xx, never 5xx', async () => {
    const board = await makeBoard()
    const widget = await makeWidget()
    const huge = Array.from({ length: 5000 }, (_, i) => ({ i: `x${i}`, x: 0, y: 0, w: 1, h: 1 }))
    let deep: unknown = 'x'
    for (let i = 0; i < 200; i++) deep = { a: deep }
    const attempts: [string, string, unknown][] = [
      ['POST', `/boards/${w.startId}`, { name: 'a\u0000b' }],
      ['PATCH', `/boards/${w.startId}/${board.id}`, { layout: huge }],
      ['PATCH', `/boards/${w.startId}/${board.id}`, { layout: [{ i: 'a\u0000', x: 0, y: 0, w: 1, h: 1 }] }],
      [
        'PATCH',
        `/boards/${w.startId}/${board.id}`,
        { layout: [{ i: widget.id, x: 1e308, y: 0, w: 1, h: 1 }] },
      ],
      ['POST', `/widgets/${w.startId}`, { type: 'table', title: 'x', query: 'title = "\u0000"' }],
      ['POST', `/widgets/${w.startId}`, { type: 'table', title: 'x', settings: deep }],
      ['POST', `/widgets/${w.startId}`, { type: 'table', title: 'x', settings: { view: { headers: huge } } }],
      [
        'POST',
        `/widgets/${w.startId}`,
        { type: 'table', title: 'x', query: 'title ~ "a" and '.repeat(2000) },
      ],
      [
        'POST',
        `/widgets/bind-board/${w.startId}`,
        { board_id: board.id, widget_ids: huge.map(() => widget.id) },
      ],
      [
        'POST',
        `/boards/${w.startId}/import`,
        { document: { format: 'nodus.board', version: 1, board: { name: 'x', layout: huge }, widgets: [] } },
      ],
      [
        'POST',
        `/boards/${w.startId}/import`,
        { document: { format: 'nodus.board', version: 1, board: { name: 'x' }, widgets: huge } },
      ],
      ['POST', `/boards/${w.startId}/import`, { document: deep }],
      ['PUT', `/boards/${w.startId}/home`, { board_id: '\u0000' }],
      ['GET', `/boards/${w.startId}?search=%00`, undefined],
      ['GET', `/widgets/${w.startId}?type=${'t'.repeat(5000)}`, undefined],
    ]
    for (const [method, path, body] of attempts) {
      const res = await refused(() => call(method, path, w.adminToken, body))
      expect(res.status, `${method} ${path.slice(0, 60)}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path.slice(0, 60)}`).toBeLessThan(500)
    }
  })
})
