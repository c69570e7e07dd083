#!/usr/bin/env node
// Issue 26 figures: a board holding one kanban of 6 columns × 20 cards over a node of N generated
// tasks on PostgreSQL.
//   node bench/kanban.mjs [--tasks=100000] [--requests=100] [--moves=40] [--connections=16]
//     [--database-url=postgres://…]
// - `page`: GET /lk through the web app (the kanban's board is the node's default, so the admin's
//   home board), one request at a time, to the last byte of the HTML, with and without the `js`
//   cookie; beside it the board's data call alone on the upstream, warm (kept, ADR 023) and cold
//   (right after a task write in the node, which drops every widget's kept data).
// - `move`: a second viewer's live stream on the board while wrk runs the filtered list (the
//   query of bench/tasks.mjs) against the upstream; each move (PATCH status + version, as the
//   widget sends it) is timed from its answer (the commit) to the viewer's `widget` frame naming
//   the kanban, and to the viewer holding the two columns again (`w.{id}.only`, as the web app
//   refetches them). p50/p95 over --moves moves, one every 250 ms.
// Without --database-url a throwaway PostgreSQL 15 cluster is started. Writes
// bench/out/kanban-N.json. The load tool, the stack and the database share the machine's cores
// (and whatever else runs on it): the load average is beside every figure.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { stats, timed } from './boards-page.mjs'
import { addKanbanBoard } from './kanban-board.mjs'
import {
  freePort,
  freshDatabase,
  loadavg,
  parseArgs,
  root,
  runLoad,
  signIn,
  startPostgres,
  startStack,
} from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = parseArgs(
  process.argv.slice(2),
  { tasks: 100_000, requests: 100, moves: 40, connections: 16, 'database-url': undefined, chunk: 100_000 },
  'node bench/kanban.mjs [--tasks=100000] [--requests=100] [--moves=40] [--connections=16] [--database-url=postgres://…]',
)
const p95 = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)] * 10) / 10
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** A live stream read as it comes: `next(pred)` resolves with the first later frame it matches. */
async function openStream(url, headers) {
  const controller = new AbortController()
  const res = await fetch(url, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  })
  if (!res.ok) throw new Error(`stream answered ${res.status}`)
  const waiting = []
  const pump = async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          end = buffer.indexOf('\n\n')
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message'
          const data = /^data: (.*)$/m.exec(block)?.[1]
          const frame = { event, data: data ? JSON.parse(data) : null, at: performance.now() }
          for (const w of [...waiting])
            if (w.pred(frame)) waiting.splice(waiting.indexOf(w), 1) && w.resolve(frame)
        }
      }
    } catch {
      // aborted at the end
    }
  }
  pump()
  return {
    next: (pred, ms = 10_000) =>
      new Promise((resolve, reject) => {
        const entry = { pred, resolve }
        waiting.push(entry)
        setTimeout(() => {
          const i = waiting.indexOf(entry)
          if (i >= 0) {
            waiting.splice(i, 1)
            reject(new Error('no frame in time'))
          }
        }, ms)
      }),
    close: () => controller.abort(),
  }
}

const cluster = args['database-url'] ? null : startPostgres(await freePort())
const databaseUrl = await freshDatabase(args['database-url'] ?? cluster.url)
const stack = await startStack({ databaseUrl, webPort: await freePort(), apiPort: await freePort() })
const results = { tasks: args.tasks, cores: cpus().length, node: process.version }
const db = new pg.Client({ connectionString: databaseUrl })
try {
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: args.chunk })
  results.generate = { ...gen, userIds: undefined, statusIds: undefined, processIds: undefined }
  console.log(JSON.stringify({ generate: results.generate }))
  await db.connect()
  const nodeId = gen.nodeId
  const processId = gen.processIds[0]
  // A sixth status in the bench's flow, holding a sixth of the tasks: six full columns.
  const { widgetId, boardId } = await addKanbanBoard(db, gen)

  const token = await signIn(stack.api)
  const api = { authorization: `Bearer ${token}` }
  const dataUrl = (q = '') => `${stack.api}/api/boards/${nodeId}/${boardId}/data${q ? `?${q}` : ''}`
  const first = await (await fetch(dataUrl(), { headers: api })).json()
  const kanban = first.data[widgetId]
  if (!kanban || kanban.error) throw new Error(`the kanban failed: ${JSON.stringify(kanban)}`)
  const shape = kanban.data.columns.map((c) => `${c.tasks.length}/${c.total}`)
  console.log(JSON.stringify({ columns: shape }))
  if (kanban.data.columns.length !== 6 || kanban.data.columns.some((c) => c.tasks.length !== 20))
    throw new Error(`not 6 columns of 20 cards: ${shape}`)
  results.columns = shape

  // The task whose title the cold calls write (any write drops the node's kept widget data).
  const { id: coldId } = (
    await db.query('select id from tasks where node_id = $1 and process_id = $2 limit 1', [nodeId, processId])
  ).rows[0]
  let title = 0
  const writeTask = async () => {
    const card = await (await fetch(`${stack.api}/api/tasks/${nodeId}/${coldId}`, { headers: api })).json()
    const res = await fetch(`${stack.api}/api/tasks/${nodeId}/${coldId}`, {
      method: 'PATCH',
      headers: { ...api, 'content-type': 'application/json' },
      body: JSON.stringify({ version: card.data.version, title: `Cold ${title++}` }),
    })
    if (!res.ok) throw new Error(`write answered ${res.status}`)
    await sleep(150)
  }
  const checkKanban = (body) => {
    if (!body.includes('data-testid="board-widget"') || body.includes('data-testid="widget-error"'))
      throw new Error('/lk: the kanban is not in the HTML')
  }
  results.page = []
  const web = { cookie: `_token=${token}` }
  const cases = [
    ['GET /lk (web), no js cookie: the whole page, the kanban in it', `${stack.web}/lk`, web, checkKanban],
    ['GET /lk (web), js cookie: streamed', `${stack.web}/lk`, { cookie: `${web.cookie}; js=1` }, checkKanban],
    ['GET /lk/profile (web): a signed-in page, no board', `${stack.web}/lk/profile`, web],
    ['board data alone (upstream), warm: kept', dataUrl(), api],
  ]
  for (const [, url, headers] of cases) await timed(url, { headers }, 10)
  for (const [label, url, headers, check] of cases) {
    const before = loadavg()
    const r = await timed(url, { headers }, args.requests, check)
    const row = { case: label, ...r, load_before: before, load_after: loadavg() }
    results.page.push(row)
    console.log(JSON.stringify(row))
  }
  // Cold: the data call right after a write, one at a time.
  {
    const before = loadavg()
    const times = []
    for (let i = 0; i < Math.min(args.requests, 60); i++) {
      await writeTask()
      const t0 = performance.now()
      await (await fetch(dataUrl(), { headers: api })).arrayBuffer()
      times.push(performance.now() - t0)
    }
    const row = {
      case: 'board data alone (upstream), cold: after a write',
      whole: stats(times),
      load_before: before,
      load_after: loadavg(),
    }
    results.page.push(row)
    console.log(JSON.stringify(row))
  }

  // Moves seen by another viewer while the filtered list runs under wrk.
  const viewer = await openStream(`${stack.api}/api/events/${nodeId}/stream?boards=${boardId}`, api)
  await viewer.next((f) => f.event === 'ready')
  const list = {
    url: `${stack.api}/api/tasks/rql/${nodeId}`,
    headers: { ...api, 'content-type': 'application/json' },
    method: 'POST',
    body: JSON.stringify({
      query: `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`,
      per_page: 50,
    }),
    connections: args.connections,
    duration: Math.ceil(args.moves * 0.6 + 10),
  }
  const loadRun = runLoad('wrk', list)
  await sleep(2_000)
  const movable = (
    await db.query(
      'select id, version, status_id from tasks where node_id = $1 and process_id = $2 and status_id = $3 order by updated_at desc limit $4',
      [nodeId, processId, gen.statusIds[0], args.moves],
    )
  ).rows
  const toFrame = []
  const toColumns = []
  const loadBefore = loadavg()
  for (const t of movable) {
    const target = gen.statusIds[1]
    const framed = viewer.next((f) => f.event === 'widget' && f.data?.widgets?.includes(widgetId))
    const res = await fetch(`${stack.api}/api/tasks/${nodeId}/${t.id}`, {
      method: 'PATCH',
      headers: { ...api, 'content-type': 'application/json' },
      body: JSON.stringify({ version: t.version, status_id: target }),
    })
    const committed = performance.now()
    if (!res.ok) throw new Error(`move answered ${res.status}: ${await res.text()}`)
    const frame = await framed
    toFrame.push(frame.at - committed)
    const only = frame.data.columns?.[widgetId] ?? [t.status_id, target]
    await (await fetch(dataUrl(`w.${widgetId}.only=${only.join(',')}`), { headers: api })).arrayBuffer()
    toColumns.push(performance.now() - committed)
    await sleep(250)
  }
  const listFigures = await loadRun
  viewer.close()
  results.move = {
    moves: movable.length,
    commit_to_frame: stats(toFrame),
    commit_to_columns: stats(toColumns),
    p95_frame_ms: p95(toFrame),
    p95_columns_ms: p95(toColumns),
    list_under_load: { rps: listFigures.rps, p50: listFigures.p50, p99: listFigures.p99 },
    load_before: loadBefore,
    load_after: loadavg(),
  }
  console.log(JSON.stringify(results.move))
} finally {
  await db.end().catch(() => {})
  await stack.stop()
  cluster?.stop()
}
mkdirSync(join(root, 'bench/out'), { recursive: true })
writeFileSync(join(root, `bench/out/kanban-${args.tasks}.json`), JSON.stringify(results, null, 2))
