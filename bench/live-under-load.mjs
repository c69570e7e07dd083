#!/usr/bin/env node
// Issue 13 figure: from a task's commit to the event on a subscribed client, p95 < 1 s, under the
// filtered-list load of bench/tasks.mjs. The stack is scripts/start.mjs over PostgreSQL with N
// generated tasks (bench/tasks-generate.mjs); one client holds GET /events open through the web
// app on a board whose table widget has the tasks bench's filtered query; the task edited is one
// that query shows, so each edit is one `widget` frame. Rounds alternate quiet / loaded (autocannon
// on the filtered list, as bench/tasks.mjs runs it) so both see the same machine.
//   node bench/live-under-load.mjs --database-url=postgres://… [--tasks=100000] [--edits=20]
//     [--rounds=2] [--connections=16] [--tier=web|upstream]
// Per edit three times: `committed` (the event's occurred_at — its transaction's time, read from the
// outbox; the edit is one statement, so this is the commit less that statement's run — → the frame:
// the figure as stated), `sent` (the PATCH leaves → the frame: an upper bound, the edit's own time
// included) and `answered` (the PATCH's answer → the frame: a lower bound). Same machine, one clock.
// Prints JSON rows with /proc/loadavg beside each.
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'
import pg from 'pg'
import { freePort, signIn, startStack } from './lib.mjs'
import { generate } from './tasks-generate.mjs'

const args = { tasks: 100_000, edits: 20, rounds: 2, connections: 16, url: '', tier: 'web' }
for (const a of process.argv.slice(2)) {
  const [k, v = ''] = a.replace(/^--/, '').split('=')
  if (k === 'database-url') args.url = v
  else if (k === 'tier') args.tier = v
  else if (k in args) args[k] = Number(v)
}
if (!args.url) throw new Error('--database-url=postgres://… (a server; a database of its own is made on it)')

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const pct = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

const name = `nodus_live_load_${Date.now()}`
const admin = new pg.Client({ connectionString: args.url })
await admin.connect()
await admin.query(`create database ${name}`)
await admin.end()
const u = new URL(args.url)
u.pathname = `/${name}`
const databaseUrl = u.toString()

const stack = await startStack({ databaseUrl, webPort: await freePort(), apiPort: await freePort() })
try {
  const gen = await generate({ url: databaseUrl, node: 'start', tasks: args.tasks, chunk: 50_000 })
  const nodeId = gen.nodeId
  const token = await signIn(stack.api)
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const api = async (method, path, body) => {
    const res = await fetch(`${stack.api}/api${path}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`)
    return json.data
  }
  const filtered = `status = ${gen.statusIds[1]} and assignee = ${gen.userIds[3]} and cf_priority = high order by updated_at desc`
  // Edits need a form on the processes (as in bench/tasks.mjs).
  const form = await api('POST', `/forms/${nodeId}`, { name: 'bench form', fields: [{ name: 'title' }] })
  for (const processId of gen.processIds)
    await api('POST', `/forms/bind-form/${nodeId}`, { process_id: processId, form_id: form.id })
  const widget = await api('POST', `/widgets/${nodeId}`, {
    type: 'table',
    title: 'filtered',
    settings: { view: { headers: ['key', 'title'] } },
    query: filtered,
  })
  const board = await api('POST', `/boards/${nodeId}`, { name: 'live bench' })
  await api('POST', `/widgets/bind-board/${nodeId}`, { board_id: board.id, widget_ids: [widget.id] })
  const shown = await api('POST', `/tasks/rql/${nodeId}`, { query: filtered, per_page: 50 })
  const taskId = shown[0].id

  // The subscribed client: the web app's GET /events, as a browser tab opens it.
  const frames = []
  const ctrl = new AbortController()
  const res = await fetch(`${stack.web}/events?boards=${board.id}`, {
    headers: { cookie: `_token=${token}` },
    signal: ctrl.signal,
  })
  if (res.status !== 200) throw new Error(`GET /events answered ${res.status}`)
  let ready
  const opened = new Promise((r) => {
    ready = r
  })
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true })
        let end = buffer.indexOf('\n\n')
        while (end >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.includes('event: ready')) ready()
          if (block.includes('event: widget') && block.includes(widget.id)) frames.push(Date.now())
          end = buffer.indexOf('\n\n')
        }
      }
    } catch {}
  })()
  await opened

  const loadUrl = `${args.tier === 'upstream' ? stack.api : stack.web}/api/tasks/rql/${nodeId}`
  const loadBody = JSON.stringify({ query: filtered, per_page: 50 })
  const outbox = new pg.Client({ connectionString: databaseUrl })
  await outbox.connect()
  const occurredAt = async () =>
    Number(
      (
        await outbox.query(
          `select extract(epoch from occurred_at) * 1000 as ms from events
            where type = 'task.edited' and data->'task'->>'id' = $1 order by id desc limit 1`,
          [taskId],
        )
      ).rows[0].ms,
    )
  let n = 0
  async function edits() {
    const sent = []
    const answered = []
    const committed = []
    for (let i = 0; i < args.edits; i++) {
      const current = await api('GET', `/tasks/${nodeId}/${taskId}`)
      const mark = frames.length
      const t0 = Date.now()
      await api('PATCH', `/tasks/${nodeId}/${taskId}`, {
        version: current.version,
        title: `Live bench ${n++}`,
      })
      const t1 = Date.now()
      const until = Date.now() + 10_000
      while (frames.length === mark && Date.now() < until) await sleep(2)
      if (frames.length === mark) throw new Error('no widget frame within 10 s')
      sent.push(frames[mark] - t0)
      answered.push(frames[mark] - t1)
      committed.push(Math.round(frames[mark] - (await occurredAt())))
      await sleep(200)
    }
    return { sent, answered, committed }
  }
  const summary = (phase, round, m, load) => {
    const row = {
      phase,
      round,
      tasks: args.tasks,
      edits: m.sent.length,
      commit_to_frame_ms: {
        p50: pct(m.committed, 0.5),
        p95: pct(m.committed, 0.95),
        max: Math.max(...m.committed),
      },
      sent_to_frame_ms: { p50: pct(m.sent, 0.5), p95: pct(m.sent, 0.95), max: Math.max(...m.sent) },
      answered_to_frame_ms: {
        p50: pct(m.answered, 0.5),
        p95: pct(m.answered, 0.95),
        max: Math.max(...m.answered),
      },
      ...(load ? { load } : {}),
      loadavg: loadavg(),
    }
    console.log(JSON.stringify(row))
    return row
  }
  const all = {
    quiet: { sent: [], answered: [], committed: [] },
    loaded: { sent: [], answered: [], committed: [] },
  }
  for (let round = 1; round <= args.rounds; round++) {
    const quiet = await edits()
    summary('quiet', round, quiet)
    let instance
    const done = new Promise((resolve, reject) => {
      instance = autocannon(
        {
          url: loadUrl,
          headers,
          method: 'POST',
          body: loadBody,
          connections: args.connections,
          duration: 600,
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      )
    })
    await sleep(2_000)
    const loaded = await edits()
    instance.stop()
    const r = await done
    summary('loaded', round, loaded, {
      tier: args.tier,
      connections: args.connections,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    })
    for (const k of ['sent', 'answered', 'committed']) {
      all.quiet[k].push(...quiet[k])
      all.loaded[k].push(...loaded[k])
    }
  }
  for (const phase of ['quiet', 'loaded']) summary(`${phase} (all rounds)`, 0, all[phase])
  ctrl.abort()
  await outbox.end()
} finally {
  await stack.stop()
}
