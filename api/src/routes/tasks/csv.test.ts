import type { NodusEvent } from '@domain/events'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { unchanged } from '../../../test/db-state'
import { CUSTOM_FIELDS, type RqlWorld, startRqlWorld } from '../../../test/rql-fixtures'
import { openSse } from '../../../test/sse'
import { userWithGrants } from '../../../test/tenant-factories'
import { boards, boardWidgets, fields, nodeUsers, statuses, tasks, widgets } from '../../db/schema'

/*
 * The CSV plugin against a real upstream (PGlite): a round trip from one node into another, the
 * dry run and the refusals (nothing written unless confirmed), hostile files (4xx, never 5xx),
 * formula injection, the undo of an import as a batch, rights and tenants.
 */

let w: RqlWorld
beforeAll(async () => {
  w = await startRqlWorld()
  // The other node gets the same custom fields and knows the user, so the file can go there.
  await w.h.database.db.insert(fields).values(
    CUSTOM_FIELDS.map((d) => ({
      nodeId: w.otherNodeId,
      name: d.name,
      type: d.type,
      title: d.title,
      settings: d.settings,
      structure: d.structure ?? null,
    })),
  )
  await w.h.database.db.insert(nodeUsers).values({ nodeId: w.otherNodeId, userId: w.userId })
}, 60_000)
afterAll(async () => {
  await w?.h.close()
})

async function exportCsv(node: string, query = '', lang = 'en', token = w.adminToken) {
  const res = await fetch(`${w.h.url}/tasks/${node}/csv?${new URLSearchParams({ query, lang })}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

const upload = (node: string, bytes: Uint8Array | string, token = w.adminToken) =>
  w.h.call('POST', `/tasks/${node}/csv/imports`, {
    token,
    body: { file: Buffer.from(bytes).toString('base64') },
  })

const run = (node: string, id: string, body: Record<string, unknown>, token = w.adminToken) =>
  w.h.call('POST', `/tasks/${node}/csv/imports/${id}/run`, { token, body: { lang: 'en', ...body } })

async function tasksOf(node: string) {
  const rows = await w.h.database.db.select().from(tasks).where(eq(tasks.nodeId, node))
  const names = await w.h.database.db.select().from(statuses).where(eq(statuses.nodeId, node))
  const status = new Map(names.map((s) => [s.id, s.name]))
  return rows.map((t) => ({ ...t, status: status.get(t.statusId) }))
}

describe('export', () => {
  it('streams every task the query selects, headers in the language asked, as a download', async () => {
    const res = await exportCsv(w.nodeId, 'order by key', 'ru')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="tasks-.*\.csv"$/)
    const [header, ...lines] = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toMatch(
      /^Ключ,Название,Описание,Процесс,Статус,Исполнитель,Автор,Создана,Изменена,cf_at,cf_done,cf_due,/,
    )
    expect(lines).toHaveLength(5)
    expect(lines[0]).toMatch(
      /^DEV-1,Fix login bug,.*,DEV,Open,user@example.com,admin@example.com,10\.01\.2024 12:00,/,
    )
    // Values as a user types them: a date, an option's title, yes.
    expect(lines[0]).toContain('31.01.2024')
    expect(lines[0]).toContain(',High,')
    expect(lines[0]).toContain(',да,')
    expect((await exportCsv(w.nodeId, '', 'zh')).text).toContain('标题')
  })

  it('writes cells a spreadsheet would run as text', async () => {
    const db = w.h.database.db
    await db.update(tasks).set({ title: '=cmd|"/c calc"!A1' }).where(eq(tasks.id, w.ids['DEV-10']!))
    try {
      const res = await exportCsv(w.nodeId, 'key = DEV-10')
      expect(res.text).toContain(`"'=cmd|""/c calc""!A1"`)
      expect(res.text).not.toMatch(/,=cmd/)
    } finally {
      await db.update(tasks).set({ title: 'Tenth' }).where(eq(tasks.id, w.ids['DEV-10']!))
    }
  })

  it('answers a bad query with 422 before any byte, and only the tasks the caller may view', async () => {
    const bad = await exportCsv(w.nodeId, 'nosuch = 1')
    expect(bad.status).toBe(422)
    expect(JSON.parse(bad.text).detail[0].type).toBe('rql.unknown_field')
    const ops = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view', attributes: ['OPS'] }])
    const seen = await exportCsv(w.nodeId, '', 'en', ops.token)
    expect(
      seen.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['OPS-1'])
    // Another node's tasks: the user is not bound there.
    expect((await exportCsv(w.otherNodeId, '', 'en', ops.token)).status).toBe(404)
    const none = await userWithGrants(w.h, w.nodeId, [])
    expect((await exportCsv(w.nodeId, '', 'en', none.token)).status).toBe(403)
  })
})

describe('round trip', () => {
  it('a file exported from one node and imported into another gives the same tasks and values', async () => {
    const file = await exportCsv(w.nodeId, 'order by key')
    const up = await upload(w.otherNodeId, file.text)
    expect(up.status).toBe(200)
    expect(up.body.data).toMatchObject({ delimiter: ',', rows: 5 })
    const mapping = up.body.data.mapping as (string | null)[]
    expect(mapping.slice(0, 9)).toEqual([
      'key',
      'title',
      'description',
      null,
      'status',
      'assignee',
      null,
      null,
      null,
    ])
    const otherDev = (await tasksOf(w.otherNodeId)).find((t) => t.key === 'DEV-1')!.processId
    const before = await tasksOf(w.otherNodeId)

    const dry = await unchanged(w.h.database.db, () =>
      run(w.otherNodeId, up.body.data.id, { mapping, process_id: otherDev }),
    )
    expect(dry.status).toBe(200)
    expect(dry.body.data).toMatchObject({ dry_run: true, created: 5, updated: 0, refused: 0, refusals: [] })
    expect(dry.body.data.rows[0]).toMatchObject({
      line: 2,
      action: 'create',
      after: { title: 'Fix login bug', status: 'Open' },
    })

    const done = await run(w.otherNodeId, up.body.data.id, { mapping, process_id: otherDev, dry_run: false })
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ dry_run: false, created: 5, updated: 0 })
    const made = (await tasksOf(w.otherNodeId)).filter((t) => !before.some((b) => b.id === t.id))
    const source = await tasksOf(w.nodeId)
    // What a form would store for the same input: no value is null, [] or false alike.
    const meaningful = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(meaningful)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([, x]) => x !== null && x !== false && !(Array.isArray(x) && x.length === 0))
                .map(([k, x]) => [k, meaningful(x)]),
            )
          : v
    const shape = (t: (typeof made)[number]) => ({
      title: t.title,
      description: t.description,
      status: t.status,
      assignee: t.assigneeId,
      custom: meaningful(t.customFields),
    })
    const byTitle = (list: typeof made) => list.map(shape).sort((a, b) => a.title.localeCompare(b.title))
    expect(byTitle(made)).toEqual(byTitle(source))
    // The upload is used up.
    expect((await run(w.otherNodeId, up.body.data.id, { mapping, process_id: otherDev })).status).toBe(404)
  })
})

const header = 'Key,Title,Status,Assignee,cf_due,cf_priority'

describe('refusals', () => {
  it('a dry run lists every refused row with its reasons; the run imports nothing', async () => {
    const csv = [
      header,
      'DEV-1,Renamed,In progress,user@example.com,01.02.2024,Low',
      ',New one,Open,,31.02.2024,High',
      ',Another,Nowhere,nobody@example.com,,',
      'DEV-999,Ghost,,,,',
      `${w.ids['DEV-2']},By id,,,,Purple`,
    ].join('\n')
    const up = await upload(w.nodeId, csv)
    expect(up.body.data.mapping).toEqual(['key', 'title', 'status', 'assignee', 'cf_due', 'cf_priority'])
    const body = { mapping: up.body.data.mapping, process_id: w.process.dev, update_existing: true }
    const dry = await unchanged(w.h.database.db, () => run(w.nodeId, up.body.data.id, body))
    expect(dry.body.data).toMatchObject({ created: 0, updated: 1, refused: 4 })
    const reasons = dry.body.data.refusals.map(
      (r: { line: number; detail: { type: string; ctx: { column?: string } }[] }) => [
        r.line,
        r.detail.map((d) => `${d.ctx.column ?? ''}:${d.type}`),
      ],
    )
    expect(reasons).toEqual([
      [3, ['cf_due:value_error.date']],
      [4, ['Status:statuses.status_not_found', 'Assignee:users.user_not_found']],
      [5, ['Key:tasks.task_not_found']],
      [6, ['cf_priority:value_error.enum']],
    ])
    expect(dry.body.data.rows[0]).toMatchObject({
      key: 'DEV-1',
      before: { title: 'Fix login bug' },
      after: { title: 'Renamed', cf_due: '01.02.2024', cf_priority: 'Low', status: 'In progress' },
    })
    const refused = await unchanged(w.h.database.db, () =>
      run(w.nodeId, up.body.data.id, { ...body, dry_run: false }),
    )
    expect(refused.status).toBe(422)
    expect(refused.body.detail[0]).toMatchObject({ type: 'csv.rows_refused', ctx: { count: 4 } })
  })

  it("refuses another node's task by key or id", async () => {
    const [theirs] = await w.h.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.nodeId, w.otherNodeId), eq(tasks.key, 'DEV-1')))
    const up = await upload(w.nodeId, `Key,Title\n${theirs!.id},Stolen\n`)
    const dry = await run(w.nodeId, up.body.data.id, { mapping: ['key', 'title'], update_existing: true })
    expect(dry.body.data.refusals[0].detail[0].type).toBe('tasks.task_not_found')
  })

  it('refuses hostile files with a clear 4xx', async () => {
    const db = w.h.database.db
    const cases: [Uint8Array | string, number, string][] = [
      [`Title\n${'x'.repeat(100_001)}\n`, 422, 'csv.line_too_long'],
      [
        Buffer.from([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x43, 0x61, 0x66, 0xe9, 0x0a]),
        422,
        'csv.bad_encoding',
      ],
      ['Title,title\na,b\n', 422, 'csv.duplicate_header'],
      ['', 422, 'value_error.missing'],
      ['\n\n', 422, 'csv.empty'],
      ['Title,"unclosed\nx,y\n', 422, 'csv.bad_file'],
      ['Title,Status\na\n', 422, 'csv.bad_file'],
      [`Title\n${'a\n'.repeat(10_001)}`, 422, 'csv.too_many_rows'],
      [Buffer.alloc(10 * 1024 * 1024 + 10, 0x61), 413, 'csv.too_large'],
    ]
    // A body past the route's own limit is refused before it is read.
    const huge = await upload(w.nodeId, Buffer.alloc(16 * 1024 * 1024, 0x61))
    expect(huge.status).toBe(413)
    await unchanged(db, async () => {
      for (const [bytes, status, code] of cases) {
        const res = await upload(w.nodeId, bytes)
        expect([res.status, res.body.detail?.[0]?.type]).toEqual([status, code])
      }
    })
    const up = await upload(w.nodeId, 'Title,Status\na,Open\n')
    expect((await run(w.nodeId, up.body.data.id, { mapping: ['title'] })).status).toBe(422)
    expect((await run(w.nodeId, up.body.data.id, { mapping: ['title', 'title'] })).body.detail[0].type).toBe(
      'csv.duplicate_mapping',
    )
    expect(
      (await run(w.nodeId, up.body.data.id, { mapping: ['title', 'cf_nope'] })).body.detail[0].type,
    ).toBe('csv.unknown_field')
    expect(
      (await run(w.nodeId, up.body.data.id, { mapping: ['title', null], process_id: w.ids['DEV-1'] })).status,
    ).toBe(404)
  })

  it('reads a semicolon file with a BOM, and keeps an upload to its uploader and node', async () => {
    const up = await upload(w.nodeId, '\uFEFFНазвание;Статус\nПервая;Open\n')
    expect(up.body.data).toMatchObject({
      delimiter: ';',
      headers: ['Название', 'Статус'],
      mapping: ['title', 'status'],
    })
    const other = await userWithGrants(w.h, w.nodeId, [{ code: 'task_view' }, { code: 'task_create' }])
    expect((await run(w.nodeId, up.body.data.id, { mapping: ['title', 'status'] }, other.token)).status).toBe(
      404,
    )
    expect((await run(w.otherNodeId, up.body.data.id, { mapping: ['title', 'status'] })).status).toBe(404)
    const ops = await userWithGrants(w.h, w.nodeId, [
      { code: 'task_view' },
      { code: 'task_create', attributes: ['OPS'] },
    ])
    const mine = await upload(w.nodeId, 'Title\nNot mine\n', ops.token)
    const dry = await run(
      w.nodeId,
      mine.body.data.id,
      { mapping: ['title'], process_id: w.process.dev },
      ops.token,
    )
    expect(dry.body.data.refusals[0].detail[0].type).toBe('rights.forbidden')
  })
})

describe('undo', () => {
  it('an import is one batch: the bulk edit undo deletes what it created and restores what it changed', async () => {
    const db = w.h.database.db
    const before = await tasksOf(w.nodeId)
    const up = await upload(
      w.nodeId,
      'Key,Title,cf_points\nDEV-2,Changed by import,7\n,Brand new,1\n,Second new,2\n',
    )
    const done = await run(w.nodeId, up.body.data.id, {
      mapping: ['key', 'title', 'cf_points'],
      process_id: w.process.dev,
      update_existing: true,
      dry_run: false,
    })
    expect(done.body.data).toMatchObject({ created: 2, updated: 1 })
    expect((await tasksOf(w.nodeId)).length).toBe(before.length + 2)
    const undo = await w.h.call('POST', `/tasks/${w.nodeId}/rql/undo/${done.body.data.batch_id}`, {
      token: w.adminToken,
    })
    expect(undo.status).toBe(200)
    const after = await tasksOf(w.nodeId)
    expect(after.map((t) => [t.key, t.title, t.customFields]).sort()).toEqual(
      before.map((t) => [t.key, t.title, t.customFields]).sort(),
    )
    void db
  })

  it('the undo tells subscribers and live boards: one task.deleted per task it deletes', async () => {
    const db = w.h.database.db
    const [widget] = await db
      .insert(widgets)
      .values({ nodeId: w.nodeId, type: 'table', title: 'All', settings: {}, query: '' })
      .returning()
    const [board] = await db.insert(boards).values({ nodeId: w.nodeId, name: 'Undo' }).returning()
    await db.insert(boardWidgets).values({ nodeId: w.nodeId, boardId: board!.id, widgetId: widget!.id })
    const up = await upload(w.nodeId, 'Title\nGone soon\nGone too\n')
    const done = await run(w.nodeId, up.body.data.id, {
      mapping: ['title'],
      process_id: w.process.dev,
      dry_run: false,
    })
    expect(done.body.data).toMatchObject({ created: 2 })
    const made = await db
      .select({ id: tasks.id, key: tasks.key })
      .from(tasks)
      .where(and(eq(tasks.nodeId, w.nodeId), eq(tasks.title, 'Gone soon')))
    const seen: NodusEvent<'task.deleted'>[] = []
    const stop = w.h.app.events.subscribe('task.deleted', (e) => {
      seen.push(e)
    })
    await w.h.app.changes.sync()
    const live = await openSse(`${w.h.url}/events/${w.nodeId}/stream?boards=${board!.id}`, {
      authorization: `Bearer ${w.adminToken}`,
    })
    try {
      await live.find((f) => f.event === 'ready')
      const mark = live.frames.length
      const undo = await w.h.call('POST', `/tasks/${w.nodeId}/rql/undo/${done.body.data.batch_id}`, {
        token: w.adminToken,
      })
      expect(undo.status).toBe(200)
      // In the undo's transaction: the subscriber has them once the answer is back.
      expect(seen).toHaveLength(2)
      expect(seen.map((e) => e.data.task.key)).toContain(made[0]!.key)
      expect(seen[0]).toMatchObject({
        node_id: w.nodeId,
        actor_id: expect.any(String),
        data: { process_id: w.process.dev },
      })
      // The board being viewed refetches the widget that showed them.
      const frame = await live.find(
        (f) => live.frames.indexOf(f) >= mark && f.event === 'widget' && f.data.widgets.includes(widget!.id),
      )
      expect(frame.data.widgets).toEqual([widget!.id])
    } finally {
      stop()
      live.close()
    }
  })
})
