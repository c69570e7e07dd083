import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/*
 * A PgBouncer of a test's own (Debian's `pgbouncer`), in transaction pooling mode, in front of the
 * PostgreSQL server of TEST_DATABASE_URL: every database name goes through to that server. As
 * root it runs as `postgres` (PgBouncer refuses root). Issue 27, ADR 029.
 */

export const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => existsSync(p))

/** Why a PgBouncer test cannot run here, or undefined when it can. */
export function pgbouncerMissing(): string | undefined {
  if (!(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL))
    return 'no PostgreSQL server (TEST_DATABASE_URL)'
  if (!PGBOUNCER) return 'pgbouncer is not installed (apt-get install pgbouncer)'
  return undefined
}

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })

export interface Bouncer {
  port: number
  /** The URL of the same database through PgBouncer. */
  through(direct: string): string
  log(): string
  stop(): Promise<void>
}

export async function startPgbouncer(opts: { poolSize?: number } = {}): Promise<Bouncer> {
  const server = new URL((process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL)!)
  const dir = mkdtempSync(join(tmpdir(), 'nodus-pgbouncer-'))
  chmodSync(dir, 0o777)
  const port = await freePort()
  const user = decodeURIComponent(server.username) || 'postgres'
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`, { mode: 0o644 })
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${opts.poolSize ?? 8}`,
      'max_client_conn = 500',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  )
  const asRoot = process.getuid?.() === 0
  const args = [join(dir, 'pgbouncer.ini')]
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', PGBOUNCER!, ...args], { stdio: 'ignore' })
    : spawn(PGBOUNCER!, args, { stdio: 'ignore' })
  const log = () => spawnSync('cat', [join(dir, 'pgbouncer.log')], { encoding: 'utf8' }).stdout ?? ''
  const until = Date.now() + 15_000
  for (;;) {
    const up = await new Promise<boolean>((ok) => {
      const c = createConnection({ host: '127.0.0.1', port }, () => {
        c.end()
        ok(true)
      })
      c.on('error', () => ok(false))
    })
    if (up) break
    if (child.exitCode !== null || Date.now() > until) throw new Error(`pgbouncer did not start\n${log()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    port,
    through(direct) {
      const u = new URL(direct)
      u.hostname = '127.0.0.1'
      u.port = String(port)
      return u.toString()
    },
    log,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r))
      // PgBouncer itself (under runuser as root): SIGTERM stops it at once.
      const pid = Number(spawnSync('cat', [join(dir, 'pgbouncer.pid')], { encoding: 'utf8' }).stdout)
      if (pid > 0) process.kill(pid, 'SIGTERM')
      else child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
