import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'

export type Schema = typeof schema
/** One type for both drivers: the same queries run on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * Opens the database: node-postgres when DATABASE_URL is set, else embedded PGlite in dataDir.
 * Migrations are applied before anything else runs.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
    })
    // An idle client's error (server restart, network) must not crash the process: the pool
    // drops that client and the next query opens a new one.
    pool.on('error', (err) => console.error('[db] idle client error:', err.message))
    const db = drizzle(pool, { schema }) as unknown as Db
    await migrate(db as never, { migrationsFolder })
    return { db, kind: 'postgres', close: () => pool.end() }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // ':memory:' gives a throwaway database (tests); otherwise the data lives in DATA_DIR/pglite.
  const dir = opts.dataDir === ':memory:' ? undefined : join(opts.dataDir, 'pglite')
  if (dir) mkdirSync(dir, { recursive: true })
  // pg_trgm serves RQL's contains on custom fields (migration 0004); PostgreSQL ships it as contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const client = await PGlite.create(dir, { extensions: { pg_trgm } })
  const db = drizzle(client, { schema }) as unknown as Db
  await migrate(db as never, { migrationsFolder })
  return { db, kind: 'pglite', close: () => client.close() }
}

/** The number of migration files, to report in health whether the database is current. */
export { migrationsFolder }
