#!/usr/bin/env node
// Issue 14 item 4: a dead or slow SMTP server must never slow a user's request (notifications are
// mailed by a worker beside the API, never inside the request that made them).
// Runs against a stack already listening (the upstream's /api through the web app):
//   node bench/email-dead-smtp.mjs --base=http://127.0.0.1:3201 --password=… --user-password=…
//     [--duration=8] [--connections=4] [--rounds=2] [--order=abba]
// The stack must run with SMTP_ALLOW_PRIVATE=1 (the SMTP server is on loopback). The administrator
// creates tasks in the seeded TASK process of node `start`, each assigned to the seeded user, who
// wants every kind by e-mail, each one as it happens: every request makes one notification to mail.
// Rounds alternate: no e-mail configuration, then one whose SMTP server accepts the connection and
// never says a word. Prints JSON figures.
import { alternate, apiClient, deadPeer, load, readArgs, signIn, startNode } from './dead-peer.mjs'
import { runAutocannon } from './lib.mjs'

const args = readArgs({
  base: 'http://127.0.0.1:3201',
  duration: 8,
  user: 'user@example.com',
  'user-password': '',
})
const api = apiClient(args.base)

// An SMTP server that takes the connection and never sends its greeting.
const dead = await deadPeer()

const token = await signIn(api, args.email, args.password)
const userToken = await signIn(api, args.user, args['user-password'])
const { node, taskProcess } = await startNode(api, token)
const userId = (await api('GET', '/users/me', userToken)).id
await api('PUT', `/notifications/${node}/preferences`, userToken, {
  items: ['assigned', 'status', 'mention', 'comment'].map((kind) => ({
    process_id: taskProcess.id,
    kind,
    channel: 'email',
  })),
})
await api('PUT', `/notifications/${node}/email`, userToken, {
  mode: 'instant',
  digest_time: '09:00',
  time_zone: 'UTC',
  language: 'en',
})
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }

async function round(label) {
  const loadBefore = load()
  const create = await runAutocannon({
    url: `${args.base}/api/tasks/${node}/${taskProcess.id}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ title: `bench ${label}`, assignee_id: userId }),
    connections: args.connections,
    duration: args.duration,
  })
  return { label, create, load_before: loadBefore, load: load() }
}

const { results, config } = await alternate({
  api,
  token,
  node,
  rounds: args.rounds,
  order: args.order,
  plugin: 'email',
  config: {
    name: 'dead SMTP (bench)',
    settings: { host: '127.0.0.1', port: dead.port, tls: 'none', from: 'bench@example.com' },
  },
  round,
  labels: { without: 'no e-mail configuration', with: 'SMTP server that never answers' },
})
console.log(JSON.stringify({ results, open_smtp_sockets: dead.sockets.size }, null, 2))
await api('DELETE', `/plugin-configs/${node}/${config.id}`, token)
dead.close()
