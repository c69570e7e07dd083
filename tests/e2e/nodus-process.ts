import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ADMIN, USER } from './env'

/*
 * A Nodus of a test's own: `node scripts/start.mjs` (what `npm start` runs) on a free port over a
 * fresh DATA_DIR, for the fault tests (issue 15) that signal or kill its processes. The web app is
 * already built by the suite's own server, so nothing is rebuilt.
 */

const root = resolve(fileURLToPath(import.meta.url), '../../..')

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

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

export async function waitFor(what: string, check: () => Promise<boolean>, ms = 120_000, every = 100) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await sleep(every)
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The pids of a process's children whose command line contains `needle`. */
export function childrenOf(pid: number, needle: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid !== pid) continue
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (cmd.includes(needle)) found.push(Number(entry))
    } catch {}
  }
  return found
}

export interface Nodus {
  child: ChildProcess
  origin: string
  output(): string
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** The upstream's and the web app's pids (children of start.mjs). */
  upstreamPid(): number | undefined
  webPid(): number | undefined
  kill(): void
}

/**
 * A process of ours over a fresh DATA_DIR (removed when it exits), its output kept for the error
 * message, the demo's passwords set.
 */
function spawnOver(args: string[], dataPrefix: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), dataPrefix))
  let out = ''
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      USER_PASSWORD: USER.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (b: Buffer) => {
    out += b.toString()
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true })
      done({ code, signal })
    }),
  )
  return { child, output: () => out, exit }
}

/** Waits for `origin`'s /api/health to answer 200; a process that exits or never answers is killed. */
async function healthy(child: ChildProcess, origin: string, what: string, output: () => string) {
  try {
    await waitFor(`${what} to answer /api/health`, async () => {
      if (child.exitCode !== null) throw new Error(`${what} exited`)
      return (await fetch(`${origin}/api/health`)).status === 200
    })
  } catch (err) {
    child.kill('SIGKILL')
    throw new Error(`${(err as Error).message}\n${output()}`)
  }
}

export async function startNodus(env: Record<string, string> = {}): Promise<Nodus> {
  const port = await freePort()
  const { child, output, exit } = spawnOver([join(root, 'scripts/start.mjs')], 'nodus-fault-', {
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  })
  const origin = `http://127.0.0.1:${port}`
  await healthy(child, origin, 'Nodus', output)
  const upstreamPid = () => childrenOf(child.pid!, 'api/src/server.ts')[0]
  const webPid = () => childrenOf(child.pid!, 'server/index.mjs')[0]
  return {
    child,
    origin,
    output,
    exited: () => exit,
    upstreamPid,
    webPid,
    kill() {
      for (const pid of [upstreamPid(), webPid()]) if (pid) process.kill(pid, 'SIGKILL')
      child.kill('SIGKILL')
    },
  }
}

/** The upstream alone (node api/src/server.ts) on a free port over a fresh DATA_DIR. */
export async function startUpstream(env: Record<string, string> = {}) {
  const port = await freePort()
  const { child, output } = spawnOver(
    ['--import', 'tsx', join(root, 'api/src/server.ts')],
    'nodus-fault-api-',
    { API_HOST: '127.0.0.1', API_PORT: String(port), ...env },
  )
  const url = `http://127.0.0.1:${port}`
  await healthy(child, url, 'the upstream', output)
  return { url, child, output }
}
