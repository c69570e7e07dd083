import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { seed } from './seed'

/** Starts the upstream: open and migrate the database, seed an empty one, listen; SIGTERM drains. */
const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
const app = await buildApp(config, database)
await seed(database.db, config, app.log)
await app.listen({ host: config.API_HOST, port: config.API_PORT })

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
