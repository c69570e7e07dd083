import cluster from 'node:cluster'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { clearStaleSocket, listen } from './http/listen'
import { seed } from './seed'

/*
 * Starts the upstream: open and migrate the database, seed an empty one, listen (a Unix socket, a
 * TCP port, or both: http/listen.ts); SIGTERM drains.
 * With API_WORKERS > 1 (PostgreSQL only) the first process migrates and seeds, then forks that
 * many workers sharing the port (node:cluster) and stops with them; a worker that dies is replaced.
 */
const config = loadConfig()
const workers = config.DATABASE_URL ? config.API_WORKERS : 1
if (config.API_WORKERS > 1 && !config.DATABASE_URL)
  console.warn(
    '[api] API_WORKERS needs DATABASE_URL (the embedded database is one process): one process serves',
  )

async function serve(migrate: boolean) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.dataDir,
    migrate,
  })
  const app = await buildApp(config, database)
  if (migrate) await seed(database.db, config, app.log)
  await listen(app, { host: config.API_HOST, port: config.API_PORT, socket: config.API_SOCKET })
  let closing = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, async () => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'draining')
      await app.close()
      await database.close()
      process.exit(0)
    })
  }
}

if (cluster.isPrimary && config.API_SOCKET) await clearStaleSocket(config.API_SOCKET)
if (workers === 1) await serve(true)
else if (cluster.isPrimary) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.dataDir,
  })
  await seed(database.db, config, console)
  await database.close()
  let stopping = false
  const listening = new WeakSet<object>()
  cluster.on('listening', (worker) => listening.add(worker))
  cluster.on('exit', (worker, code) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // One that never came up would fail again: stop, so that npm start stops too.
    if (!listening.has(worker)) {
      console.error(`[api] worker ${worker.process.pid} failed to start (${code})`)
      process.exit(1)
    }
    console.error(`[api] worker ${worker.process.pid} exited (${code}); starting another`)
    cluster.fork()
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      stopping = true
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM')
    })
} else await serve(false)
