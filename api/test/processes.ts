import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { ADMIN, USER } from './harness'

/*
 * Real processes for the fault tests (issue 15): the upstream as `node api/src/server.ts` runs it,
 * and a throwaway PostgreSQL server (scripts/pg-test-server.sh) that a test can halt, resume, and
 * whose backends it can terminate. Waits on readiness are generous (a loaded 2-core machine).
 */

export const root = resolve(fileURLToPath(import.meta.url), '../../..')
const run = promisify(execFile)

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => ok(port))
    })
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `check` until it is true, every `every` ms, failing after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000, every = 100) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await sleep(every)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** Whether scripts/pg-test-server.sh can run here: Debian's PostgreSQL binaries are installed. */
export async function hasPostgres(): Promise<boolean> {
  const { stdout } = await run('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin 2>/dev/null || true'])
  return stdout.trim().length > 0
}

export interface PgServer {
  url: string
  dir: string
  /** Creates a database, returns its URL. */
  createdb(name: string): Promise<string>
  halt(): Promise<void>
  resume(): Promise<void>
  stop(): Promise<void>
}

export async function startPostgres(): Promise<PgServer> {
  const dir = mkdtempSync(join(tmpdir(), 'nodus-pgfault-'))
  rmSync(dir, { recursive: true })
  const script = join(root, 'scripts/pg-test-server.sh')
  const sh = async (...args: string[]) =>
    (await run('bash', [script, ...args], { timeout: 120_000 })).stdout.trim()
  const url = await sh('start', dir, String(await freePort()))
  return {
    url,
    dir,
    createdb: (name) => sh('createdb', dir, name),
    halt: async () => void (await sh('halt', dir)),
    resume: async () => void (await sh('resume', dir)),
    stop: async () => void (await sh('stop', dir)),
  }
}

export interface ApiProcess {
  child: ChildProcess
  /** e.g. http://127.0.0.1:PORT/api */
  url: string
  port: number
  /** What the process wrote to stdout and stderr so far. */
  output(): string
  /** Ends the process: SIGTERM by default; resolves on its exit. */
  stop(signal?: NodeJS.Signals): Promise<void>
}

/**
 * Starts the upstream exactly as `npm start` does (node --import tsx api/src/server.ts) on a free
 * port, and waits until /api/health answers 200. `env` gives DATA_DIR or DATABASE_URL.
 */
export async function startApiProcess(env: Record<string, string>, port?: number): Promise<ApiProcess> {
  const p = port ?? (await freePort())
  let out = ''
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/src/server.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      SECRET: 'a-fixed-secret-for-the-fault-tests',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      USER_EMAIL: USER.email,
      USER_PASSWORD: USER.password,
      LOG_LEVEL: 'warn',
      API_HOST: '127.0.0.1',
      API_PORT: String(p),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString()
  })
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString()
  })
  const url = `http://127.0.0.1:${p}/api`
  const exited = () => child.exitCode !== null || child.signalCode !== null
  try {
    await waitFor(
      'the upstream to answer /api/health',
      async () => {
        if (exited()) throw new Error(`the upstream exited: ${out}`)
        return (await fetch(`${url}/health`)).status === 200
      },
      120_000,
      200,
    )
  } catch (err) {
    if (!exited()) child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${out}`)
  }
  return {
    child,
    url,
    port: p,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((done) => {
        if (exited()) return done()
        child.once('exit', () => done())
        child.kill(signal)
      }),
  }
}

/** A signed-in caller of a running upstream: JSON in, status and JSON out. */
export async function signIn(url: string, who = ADMIN) {
  const res = await fetch(`${url}/users/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  })
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`)
  const token = ((await res.json()) as { data: { access_token: string } }).data.access_token
  return async (
    method: string,
    path: string,
    body?: unknown,
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  ): Promise<{ status: number; body: any; headers: Headers }> => {
    const r = await fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await r.text()
    let json: unknown = text
    try {
      json = text ? JSON.parse(text) : null
    } catch {}
    return { status: r.status, body: json, headers: r.headers }
  }
}

export type Caller = Awaited<ReturnType<typeof signIn>>

/** The demo workflow's node and process (SEED_DEMO=1): where the tests create tasks. */
export async function demoProcess(url: string, call: Caller) {
  const node = await fetch(`${url}/nodes/domain/start`).then(
    (r) => r.json() as Promise<{ data: { id: string } }>,
  )
  const processes = await call('GET', `/processes/${node.data.id}`)
  const process = (processes.body.data as { id: string; key: string }[]).find((p) => p.key === 'TASK')
  if (!process) throw new Error(`no demo process: ${JSON.stringify(processes.body)}`)
  return { nodeId: node.data.id, processId: process.id }
}
