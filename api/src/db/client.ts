import { mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { enableNamedStatements } from './named-statements'
import * as schema from './schema'

export type Schema = typeof schema
/** One type for both drivers: the same queries run on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What a listener hears: the notices of a channel, and whether it can hear them at all now. */
export interface ChangeListener {
  notice(payload: string): void
  /** true once LISTEN is in place (again); false when the connection that listens is lost. */
  listening(on: boolean): void
}

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** LISTENs on `channel` (NOTIFY from triggers) until stopped. */
  listen(channel: string, to: ChangeListener): Promise<Listening>
  /** The connection pool's state now (node-postgres only: PGlite is one in-process connection). */
  pool?(): { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

export interface Listening {
  /**
   * Resolves once every notice of a transaction committed before the call has been heard: the
   * server sends a listener's pending notices before it answers its next query.
   */
  sync(): Promise<void>
  stop(): Promise<void>
}

/**
 * node-postgres: one client of its own holds the LISTEN. When it is lost the listener is told, and
 * it is opened again after a pause, until stopped.
 */
async function listenOnServer(
  pg: typeof import('pg').default,
  connectionString: string,
  channel: string,
  to: ChangeListener,
) {
  let stopped = false
  let client: import('pg').Client | undefined
  let retry: NodeJS.Timeout | undefined
  const open = async () => {
    const c = new pg.Client({ connectionString })
    client = c
    c.on('notification', (n) => {
      if (n.channel === channel) to.notice(n.payload ?? '')
    })
    const lost = () => {
      if (client !== c) return
      client = undefined
      to.listening(false)
      c.end().catch(() => undefined)
      if (!stopped) retry = setTimeout(() => void open().catch(() => undefined), 500)
    }
    c.on('error', lost)
    c.on('end', lost)
    try {
      await c.connect()
      await c.query(`LISTEN ${channel}`)
    } catch (e) {
      lost()
      throw e
    }
    to.listening(true)
  }
  // Not reachable now: the caches stay off and the retries go on.
  await open().catch(() => undefined)
  // One `select 1` at a time on the listening connection (it runs one query at a time; pg@9 refuses
  // a second one sent meanwhile). A call made while one is on its way cannot use it — its answer
  // may come before this call's notices — so it waits for the next one, which serves every call
  // made meanwhile: under many concurrent writes, at most two round trips at once instead of one each.
  let current: Promise<void> | undefined
  let next: Promise<void> | undefined
  const ping = async () => {
    await client?.query('select 1').catch(() => undefined)
  }
  const sync = (): Promise<void> => {
    if (!current) {
      current = ping().finally(() => {
        current = undefined
      })
      return current
    }
    next ??= current.then(() => {
      next = undefined
      return sync()
    })
    return next
  }
  return {
    sync,
    stop: async () => {
      stopped = true
      clearTimeout(retry)
      const c = client
      client = undefined
      to.listening(false)
      await c?.end().catch(() => undefined)
    },
  }
}

/**
 * What each pooled connection sets for its session: the planner's cost of a random page read,
 * `DB_RANDOM_PAGE_COST` (1.1 unless set; empty: the server's own), after any PGOPTIONS. At
 * PostgreSQL's default of 4 — a spinning disk's — the filtered list walks a GIN bitmap of a
 * quarter of the node and sorts, where the b-tree of (status, assignee, updated_at) reads the page
 * in order: 6× the database's throughput for that page (bench/RESULTS.md, issue 15; ADR 021).
 */
export function sessionOptions(env: Record<string, string | undefined>): string | undefined {
  const cost = env.DB_RANDOM_PAGE_COST ?? '1.1'
  const parts = env.PGOPTIONS ? [env.PGOPTIONS] : []
  if (cost !== '') {
    if (!/^\d+(\.\d+)?$/.test(cost) || Number(cost) <= 0)
      throw new Error(`DB_RANDOM_PAGE_COST must be a positive number, not ${JSON.stringify(cost)}`)
    parts.push(`-c random_page_cost=${cost}`)
  }
  return parts.length ? parts.join(' ') : undefined
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle')

/**
 * Whether DATABASE_URL leads to a pooler in transaction mode, PgBouncer (issue 27, ADR 029):
 * `DATABASE_POOLER=pgbouncer` says so, `none` says not; else one probe connection finds out — a
 * pooler refuses the `options` startup parameter (PgBouncer: "unsupported startup parameter"), or
 * drops it when told to ignore it (the session's random_page_cost is then not the one asked for).
 */
export async function behindPooler(
  pg: typeof import('pg').default,
  connectionString: string,
  env: Record<string, string | undefined>,
): Promise<boolean> {
  if (env.DATABASE_POOLER === 'pgbouncer') return true
  if (env.DATABASE_POOLER === 'none') return false
  const options = sessionOptions(env)
  const cost = env.DB_RANDOM_PAGE_COST ?? '1.1'
  if (!options || cost === '') return false
  const probe = new pg.Client({
    connectionString,
    options,
    connectionTimeoutMillis: Number(env.DB_CONNECT_TIMEOUT_MS ?? 2_000),
  })
  probe.on('error', () => undefined)
  try {
    await probe.connect()
  } catch (e) {
    if (/unsupported startup parameter/i.test((e as Error).message)) return true
    throw e
  }
  try {
    const { rows } = await probe.query<{ random_page_cost: string }>('show random_page_cost')
    return Number(rows[0]?.random_page_cost) !== Number(cost)
  } finally {
    await probe.end().catch(() => undefined)
  }
}

/**
 * node-postgres without named statements: each query's `name` dropped, on the pool and on every
 * connection it opens (transactions check one out). A pooler in transaction mode hands each
 * transaction whichever server connection is free, where a statement prepared on another is
 * unknown ("prepared statement … does not exist") or a name is taken ("already exists").
 */
function withoutNames(pool: import('pg').Pool) {
  const strip = <Q extends (...args: never[]) => unknown>(query: Q) =>
    function (this: unknown, config: unknown, ...rest: unknown[]) {
      const plain =
        config && typeof config === 'object' && 'name' in config ? { ...config, name: undefined } : config
      return (query as unknown as (...a: unknown[]) => unknown).call(this, plain, ...rest)
    } as unknown as Q
  pool.query = strip(pool.query)
  pool.on('connect', (client) => {
    client.query = strip(client.query)
  })
}

/**
 * Opens the database: node-postgres when DATABASE_URL is set, else embedded PGlite in dataDir.
 * Migrations are applied before anything else runs.
 */
export async function openDatabase(opts: {
  databaseUrl?: string
  dataDir: string
  /** false: another process applied them (the API's cluster workers). */
  migrate?: boolean
  /** DATABASE_LISTEN_URL: a direct connection for LISTEN when databaseUrl leads to a pooler. */
  listenUrl?: string
  /** DATABASE_POOLER: 'pgbouncer' or 'none'; unset, found out (behindPooler). */
  pooler?: 'pgbouncer' | 'none'
  /**
   * ':memory:' only: a PGlite data directory (dumpDataDir) to start from instead of an empty one —
   * the tests' migrated template (api/test/pglite-template.ts), which spares every test file initdb.
   */
  pgliteFrom?: Blob
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pooled = await behindPooler(pg, opts.databaseUrl, { ...process.env, DATABASE_POOLER: opts.pooler })
    // LISTEN needs a session of its own: through a pooler in transaction mode it would hold a server
    // connection only until its statement ends, and the notices would go nowhere.
    const listenUrl = opts.listenUrl || (pooled ? undefined : opts.databaseUrl)
    if (!listenUrl)
      throw new Error(
        'DATABASE_URL leads to a connection pooler (PgBouncer): set DATABASE_LISTEN_URL to a direct connection to PostgreSQL, for LISTEN',
      )
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // A server that does not answer (a host gone, a network cut) fails the request in seconds
      // (503 server.database_unavailable) instead of holding it until the caller gives up.
      connectionTimeoutMillis: Number(process.env.DB_CONNECT_TIMEOUT_MS ?? 2_000),
      // Through a pooler the session's settings come from the server (ALTER DATABASE … SET, or
      // PgBouncer's connect_query): a startup parameter is refused or lost there.
      options: pooled ? undefined : sessionOptions(process.env),
    })
    if (pooled) withoutNames(pool)
    // A connection the server ends (restart, pg_terminate_backend, network) must not crash the
    // process. Idle, the pool drops it; checked out (a transaction between two statements), the
    // pool no longer listens to it: each connection gets its own listener, so that the error
    // reaches the request as a failed query (503) and the pool discards it on release.
    const lost = (err: Error) => console.error('[db] connection lost:', err.message)
    pool.on('error', lost)
    pool.on('connect', (client) => client.on('error', lost))
    const db = drizzle(pool, { schema }) as unknown as Db
    // Named statements only on a direct connection (ADR 029).
    if (!pooled) enableNamedStatements(db, pool)
    if (opts.migrate !== false) await migrate(db as never, { migrationsFolder })
    return {
      db,
      kind: 'postgres',
      listen: (channel, to) => listenOnServer(pg, listenUrl, channel, to),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    }
  }
  const { drizzle } = await import('drizzle-orm/pglite')
  // ':memory:' gives a throwaway database (tests); otherwise the data lives in DATA_DIR/pglite.
  const dir = opts.dataDir === ':memory:' ? undefined : join(opts.dataDir, 'pglite')
  if (dir) mkdirSync(dir, { recursive: true })
  const client = await createPglite(dir, dir ? undefined : opts.pgliteFrom)
  const db = drizzle(client, { schema }) as unknown as Db
  await migratePglite(client)
  return {
    db,
    kind: 'pglite',
    // One in-process connection: its notices arrive before the commit that sends them resolves,
    // and there is no connection to lose.
    listen: async (channel, to) => {
      const stop = await client.listen(channel, (payload) => to.notice(payload))
      to.listening(true)
      return {
        sync: async () => undefined,
        stop: async () => {
          to.listening(false)
          await stop()
        },
      }
    },
    close: () => client.close(),
  }
}

/**
 * An embedded PGlite in `dir` (undefined: in memory), from a dump of a data directory if given.
 * pg_trgm serves RQL's contains on custom fields (migration 0004); PostgreSQL ships it as contrib.
 */
export async function createPglite(dir: string | undefined, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) })
}

/** Applies the committed migrations that `client` lacks. */
export async function migratePglite(client: Awaited<ReturnType<typeof createPglite>>) {
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  await migrate(drizzle(client) as never, { migrationsFolder })
}

/** The number of migration files, to report in health whether the database is current. */
export { migrationsFolder }
