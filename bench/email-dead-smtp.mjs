#!/usr/bin/env node
// Issue 14 item 4: a dead or slow SMTP server must never slow a user's request (notifications are
// mailed by a worker beside the API, never inside the request that made them).
// Runs against a stack already listening (the upstream's /api through the web app):
//   node bench/email-dead-smtp.mjs --base=http://127.0.0.1:3201 --password=… --user-password=…
//     [--duration=8] [--connections=4] [--rounds=2]
// The stack must run with SMTP_ALLOW_PRIVATE=1 (the SMTP server is on loopback). The administrator
// creates tasks in the seeded TASK process of node `start`, each assigned to the seeded user, who
// wants every kind by e-mail, each one as it happens: every request makes one notification to mail.
// Rounds alternate: no e-mail configuration, then one whose SMTP server accepts the connection and
// never says a word. Prints JSON figures.
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { argv } from 'node:process'
import { runAutocannon } from './lib.mjs'

const args = {
  base: 'http://127.0.0.1:3201',
  duration: 8,
  connections: 4,
  rounds: 2,
  email: 'admin@example.com',
  password: '',
  user: 'user@example.com',
  'user-password': '',
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

// An SMTP server that takes the connection and never sends its greeting.
const sockets = new Set()
const dead = createServer((s) => sockets.add(s))
await new Promise((r) => dead.listen(0, '127.0.0.1', r))

const signIn = async (email, password) =>
  (await api('POST', '/users/token', undefined, { email, password })).access_token
const token = await signIn(args.email, args.password)
const userToken = await signIn(args.user, args['user-password'])
const node = (await api('GET', '/nodes/domain/start')).id
const userId = (await api('GET', '/users/me', userToken)).id
const processes = await api('GET', `/processes/${node}?per_page=100`, token)
const taskProcess = processes.find((p) => p.key === 'TASK') ?? processes[0]
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
    body: JSON.stringify({ title: `bench ${label}`, assignee_id: userId }),
    connections: args.connections,
    duration: args.duration,
  })
  return { label, create, load_before: loadBefore, load: load() }
}

const results = []
let config
for (let r = 0; r < args.rounds; r++) {
  results.push(await round('no e-mail configuration'))
  config ??= await api('POST', `/plugin-configs/${node}/email`, token, {
    name: 'dead SMTP (bench)',
    settings: { host: '127.0.0.1', port: dead.address().port, tls: 'none', from: 'bench@example.com' },
  })
  await api('PATCH', `/plugin-configs/${node}/${config.id}`, token, { enabled: true })
  results.push(await round('SMTP server that never answers'))
  await api('PATCH', `/plugin-configs/${node}/${config.id}`, token, { enabled: false })
}
console.log(JSON.stringify({ results, open_smtp_sockets: sockets.size }, null, 2))
await api('DELETE', `/plugin-configs/${node}/${config.id}`, token)
for (const s of sockets) s.destroy()
dead.close()
