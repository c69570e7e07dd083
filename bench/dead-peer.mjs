// What bench/email-dead-smtp.mjs and bench/webhooks-dead-receiver.mjs share: their arguments, a
// small client of the stack's /api, a peer that takes connections and never says a word, the
// seeded node `start` and its TASK process, the load averages, and the A/B rounds toggling a
// plugin configuration on (the dead peer) and off.
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { argv } from 'node:process'

/** `--key=value` arguments over the defaults; duration, connections and rounds as numbers. */
export function readArgs(defaults) {
  const args = { connections: 4, rounds: 2, email: 'admin@example.com', password: '', ...defaults }
  for (const a of argv.slice(2)) {
    const [k, v] = a.replace(/^--/, '').split('=')
    args[k] = ['duration', 'connections', 'rounds'].includes(k) ? Number(v) : v
  }
  return args
}

/** `api(method, path, token, body)`: the answer's `data`, or an error naming the call. */
export const apiClient = (base) => async (method, path, token, body) => {
  const res = await fetch(`${base}/api${path}`, {
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

/** A TCP server on loopback that takes every connection and never answers. */
export async function deadPeer() {
  const sockets = new Set()
  const server = createServer((s) => sockets.add(s))
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  return {
    port: server.address().port,
    sockets,
    close() {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
}

export const signIn = async (api, email, password) =>
  (await api('POST', '/users/token', undefined, { email, password })).access_token

/** Node `start` and its seeded TASK process (else its first). */
export async function startNode(api, token) {
  const node = (await api('GET', '/nodes/domain/start')).id
  const processes = await api('GET', `/processes/${node}?per_page=100`, token)
  return { node, taskProcess: processes.find((p) => p.key === 'TASK') ?? processes[0] }
}

/** The 1/5/15-minute load averages (the machine is shared): printed beside every figure. */
export const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')

/**
 * Rounds without and with a plugin configuration of the dead peer (created at its first round,
 * enabled for it, disabled after). `order: 'abba'` runs every other pair the other way round, so
 * a warm-up trend does not always favour the same side. Answers the rounds' results and the config.
 */
export async function alternate({ api, token, node, rounds, order, plugin, config, round, labels }) {
  const results = []
  let made
  const path = () => `/plugin-configs/${node}/${made.id}`
  async function without() {
    if (made) await api('PATCH', path(), token, { enabled: false })
    results.push(await round(labels.without))
  }
  async function withDead() {
    made ??= await api('POST', `/plugin-configs/${node}/${plugin}`, token, config)
    await api('PATCH', path(), token, { enabled: true })
    results.push(await round(labels.with))
    await api('PATCH', path(), token, { enabled: false })
  }
  for (let r = 0; r < rounds; r++) {
    if (order === 'abba' && r % 2 === 1) {
      await withDead()
      await without()
    } else {
      await without()
      await withDead()
    }
  }
  return { results, config: made }
}
