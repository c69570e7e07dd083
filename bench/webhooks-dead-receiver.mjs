#!/usr/bin/env node
// Issue 14: a webhook receiver that never answers must leave task create and edit figures
// unchanged (deliveries leave through the outbox and a worker, never inside the request).
// Runs against a stack already listening (the upstream's /api through the web app):
//   node bench/webhooks-dead-receiver.mjs --base=http://127.0.0.1:3106 --email=… --password=…
//     [--duration=10] [--connections=4] [--rounds=2] [--order=abba]
// The stack must run with WEBHOOKS_ALLOW_PRIVATE=1 (the receiver is on loopback). Creates tasks in
// the seeded TASK process of node `start`; alternates rounds without and with a webhook (all task
// events) to a receiver that accepts the connection and never answers. Prints JSON figures.
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { argv } from 'node:process'
import { runAutocannon } from './lib.mjs'

const args = {
  base: 'http://127.0.0.1:3106',
  duration: 10,
  connections: 4,
  rounds: 2,
  email: 'admin@example.com',
  password: '',
}
for (const a of argv.slice(2)) {
  const [k, v] = a.replace(/^--/, '').split('=')
  args[k] = ['duration', 'connections', 'rounds'].includes(k) ? Number(v) : v
}

const api = async (method, path, token, body) => {
  const res = await fetch(`${args.base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json.data
}

// A receiver that takes the connection and never says a word.
const sockets = new Set()
const dead = createServer((s) => sockets.add(s))
await new Promise((r) => dead.listen(0, '127.0.0.1', r))
const deadUrl = `http://127.0.0.1:${dead.address().port}/never`

const token = (await api('POST', '/users/token', undefined, { email: args.email, password: args.password }))
  .access_token
const node = (await api('GET', '/nodes/domain/start')).id
const processes = await api('GET', `/processes/${node}?per_page=100`, token)
const taskProcess = processes.find((p) => p.key === 'TASK') ?? processes[0]
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

async function round(label) {
  const loadBefore = load()
  const create = await runAutocannon({
    url: `${args.base}/api/tasks/${node}/${taskProcess.id}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ title: `bench ${label}` }),
    connections: args.connections,
    duration: args.duration,
  })
  // Edit: each request renames one task of its own (the version read first), so none conflicts.
  const tasks = []
  for (let i = 0; i < 200; i++)
    tasks.push(await api('POST', `/tasks/${node}/${taskProcess.id}`, token, { title: `edit ${label} ${i}` }))
  let n = 0
  const edit = await runAutocannon({
    url: `${args.base}/api/tasks/${node}/${tasks[0].id}`,
    method: 'PATCH',
    headers,
    connections: args.connections,
    duration: args.duration,
    requests: [
      {
        setupRequest: (req) => {
          const t = tasks[n++ % tasks.length]
          return {
            ...req,
            path: `/api/tasks/${node}/${t.id}`,
            body: JSON.stringify({ version: t.version, title: `e${n}` }),
          }
        },
        onResponse: (status, body) => {
          if (status === 200) {
            const d = JSON.parse(body).data
            const t = tasks.find((x) => x.id === d.id)
            if (t) t.version = d.version
          }
        },
      },
    ],
  })
  return {
    label,
    create,
    edit,
    // The machine is shared: the 1/5/15-minute load averages as the round began and ended.
    load_before: loadBefore,
    load: load(),
  }
}

const results = []
let hook
async function withoutWebhook() {
  if (hook) await api('PATCH', `/plugin-configs/${node}/${hook.id}`, token, { enabled: false })
  results.push(await round('no webhook'))
}
async function withDeadWebhook() {
  hook ??= await api('POST', `/plugin-configs/${node}/webhooks`, token, {
    name: 'dead receiver (bench)',
    settings: {
      url: deadUrl,
      events: ['task.created', 'task.edited', 'task.moved'],
      secret: 'bench-secret-0123456789',
    },
  })
  await api('PATCH', `/plugin-configs/${node}/${hook.id}`, token, { enabled: true })
  results.push(await round('webhook to a receiver that never answers'))
  await api('PATCH', `/plugin-configs/${node}/${hook.id}`, token, { enabled: false })
}
// --order=abba: every other pair runs the dead receiver first, so a warm-up trend over the run
// (JIT, caches, a table growing) does not always favour the same side.
for (let r = 0; r < args.rounds; r++) {
  if (args.order === 'abba' && r % 2 === 1) {
    await withDeadWebhook()
    await withoutWebhook()
  } else {
    await withoutWebhook()
    await withDeadWebhook()
  }
}
const log = await api('GET', `/plugin-configs/${node}/${hook.id}/deliveries`, token)
console.log(
  JSON.stringify(
    {
      results,
      deliveries_in_log: log.length,
      pending: log.filter((d) => d.status === 'pending').length,
      open_sockets: sockets.size,
    },
    null,
    2,
  ),
)
await api('DELETE', `/plugin-configs/${node}/${hook.id}`, token)
for (const s of sockets) s.destroy()
dead.close()
