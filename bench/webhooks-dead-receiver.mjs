#!/usr/bin/env node
// Issue 14: a webhook receiver that never answers must leave task create and edit figures
// unchanged (deliveries leave through the outbox and a worker, never inside the request).
// Runs against a stack already listening (the upstream's /api through the web app):
//   node bench/webhooks-dead-receiver.mjs --base=http://127.0.0.1:3106 --email=… --password=…
//     [--duration=10] [--connections=4] [--rounds=2] [--order=abba]
// The stack must run with WEBHOOKS_ALLOW_PRIVATE=1 (the receiver is on loopback). Creates tasks in
// the seeded TASK process of node `start`; alternates rounds without and with a webhook (all task
// events) to a receiver that accepts the connection and never answers. Prints JSON figures.
import { alternate, apiClient, deadPeer, load, readArgs, signIn, startNode } from './dead-peer.mjs'
import { runAutocannon } from './lib.mjs'

const args = readArgs({ base: 'http://127.0.0.1:3106', duration: 10 })
const api = apiClient(args.base)

// A receiver that takes the connection and never says a word.
const dead = await deadPeer()
const deadUrl = `http://127.0.0.1:${dead.port}/never`

const token = await signIn(api, args.email, args.password)
const { node, taskProcess } = await startNode(api, token)
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

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

const { results, config: hook } = await alternate({
  api,
  token,
  node,
  rounds: args.rounds,
  order: args.order,
  plugin: 'webhooks',
  config: {
    name: 'dead receiver (bench)',
    settings: {
      url: deadUrl,
      events: ['task.created', 'task.edited', 'task.moved'],
      secret: 'bench-secret-0123456789',
    },
  },
  round,
  labels: { without: 'no webhook', with: 'webhook to a receiver that never answers' },
})
const log = await api('GET', `/plugin-configs/${node}/${hook.id}/deliveries`, token)
console.log(
  JSON.stringify(
    {
      results,
      deliveries_in_log: log.length,
      pending: log.filter((d) => d.status === 'pending').length,
      open_sockets: dead.sockets.size,
    },
    null,
    2,
  ),
)
await api('DELETE', `/plugin-configs/${node}/${hook.id}`, token)
dead.close()
