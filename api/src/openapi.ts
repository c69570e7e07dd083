import { randomBytes } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'

/** The OpenAPI document as the running upstream serves it, generated from the route schemas. */
export async function generateOpenApi(): Promise<string> {
  const config = loadConfig({
    DATA_DIR: ':memory:',
    SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'silent',
  })
  const database = await openDatabase({ dataDir: ':memory:' })
  const app = await buildApp(config, database, { logger: false })
  await app.ready()
  const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`
  await app.close()
  await database.close()
  return doc
}

export const OPENAPI_FILE = new URL('../openapi.json', import.meta.url)

// `npm run openapi` rewrites the committed contract (api/openapi.json); a test fails on drift.
if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPENAPI_FILE, await generateOpenApi())
  console.log('api/openapi.json written')
}
