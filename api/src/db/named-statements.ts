import { createHash } from 'node:crypto'
import type { SQLWrapper } from 'drizzle-orm'
import type { Pool, PoolClient } from 'pg'
import type { Db, Tx } from './client'

/*
 * Named (prepared) statements on node-postgres, for statements whose text is built per request
 * from a query (the task query's page, issue 15, ADR 021 §6): PostgreSQL parses and plans an
 * unnamed statement on every execution — about a third of the database's CPU for a 50-task page.
 * A statement is named by a hash of its text (values stay parameters; a caller that keeps its
 * statement hashes it once: services/task-page-memo.ts), so the same query shape reuses its plan on
 * each pooled connection. node-postgres parses a name once per connection and
 * keeps it for the connection's life; the texts a query language can produce are unbounded, so
 * each connection keeps at most NAMED_PER_CONNECTION of them and DEALLOCATEs the least recently
 * used one before it prepares another. A text is named when it runs again among the last SEEN
 * texts of the process: a query asked once is not worth a statement, nor the DEALLOCATE that would
 * make room for it — and texts that come back only after more of them than the connections keep
 * (a thousand queries asked in turn) would only churn the statements (the A/B in bench/RESULTS.md,
 * session 15: +0.1–0.3 ms of the database's CPU a query with SEEN at 1,024).
 *
 * PGlite (one in-process connection) and statements in a transaction run as before, unnamed.
 */

export const NAMED_PER_CONNECTION = 64
const SEEN = 2 * NAMED_PER_CONNECTION

/** The names of the texts run lately in this process, least recently first. */
const seen = new Map<string, true>()

/** Whether `name` ran before (lately); remembers it either way. */
function seenBefore(name: string): boolean {
  const before = seen.delete(name)
  seen.set(name, true)
  if (seen.size > SEEN) seen.delete(seen.keys().next().value!)
  return before
}

const pools = new WeakMap<object, Pool>()
/** Per connection: the names it has prepared, least recently used first. */
const prepared = new WeakMap<PoolClient, Map<string, true>>()

/** Lets `executeNamed` run this database's statements as named ones (openDatabase, node-postgres). */
export function enableNamedStatements(db: Db, pool: Pool): void {
  pools.set(db, pool)
}

/** The statement's name: a hash of its text (the same text, the same name, on every connection). */
export const statementName = (text: string) => `n_${createHash('sha1').update(text).digest('hex')}`

/** node-postgres's own record of what a connection has parsed (pg 8's Connection). */
interface ParsedOn {
  connection?: {
    parsedStatements?: Record<string, string>
    submittedNamedStatements?: Record<string, string>
  }
}

/** Forgets `name` on this connection: the server's statement and node-postgres's record of it. */
async function deallocate(client: PoolClient, name: string): Promise<void> {
  await client.query(`deallocate ${name}`)
  const c = (client as unknown as ParsedOn).connection
  if (c?.parsedStatements) delete c.parsedStatements[name]
  if (c?.submittedNamedStatements) delete c.submittedNamedStatements[name]
}

async function runNamed<R>(
  client: PoolClient,
  name: string,
  text: string,
  values: unknown[],
  limit: number,
): Promise<R[]> {
  let names = prepared.get(client)
  if (!names) {
    names = new Map()
    prepared.set(client, names)
  }
  if (names.has(name)) names.delete(name)
  else
    while (names.size >= limit) {
      const oldest = names.keys().next().value!
      names.delete(oldest)
      await deallocate(client, oldest)
    }
  try {
    const res = await client.query<R & object>({ name, text, values })
    names.set(name, true)
    return res.rows
  } catch (e) {
    // A statement the server refused to parse is not kept by the server; node-postgres's record
    // of having sent it would make the next use skip the parse.
    const c = (client as unknown as ParsedOn).connection
    if (c?.parsedStatements?.[name] === undefined) {
      if (c?.submittedNamedStatements) delete c.submittedNamedStatements[name]
    } else names.set(name, true)
    throw e
  }
}

/** A statement as it is sent: its text, its values, and its name when the caller keeps one. */
export interface StatementText {
  text: string
  params: unknown[]
  /** statementName(text), for a caller that keeps the statement (task-page-memo.ts). */
  name?: string
}

/** What both drivers' clients answer a plain statement with (node-postgres's Pool, PGlite). */
interface PlainClient {
  query<R>(text: string, params: unknown[]): Promise<{ rows: R[] }>
}

/**
 * Runs a statement given as text and answers its rows as the driver gives them: as a named
 * statement on node-postgres's pool (from its second run on), as a plain one on PGlite.
 */
export async function executeText<R>(
  db: Db,
  statement: StatementText,
  limit = NAMED_PER_CONNECTION,
): Promise<R[]> {
  const { text, params } = statement
  const pool = pools.get(db)
  if (!pool) return (await (db as unknown as { $client: PlainClient }).$client.query<R>(text, params)).rows
  const name = statement.name ?? statementName(text)
  if (!seenBefore(name)) return (await pool.query<R & object>(text, params)).rows
  const client = await pool.connect()
  let failed: Error | undefined
  try {
    return await runNamed<R>(client, name, text, params, limit)
  } catch (e) {
    failed = e as Error
    throw e
  } finally {
    // As pool.query does: a connection that failed a statement is not handed out again.
    client.release(failed)
  }
}

/**
 * Runs `query` and answers its rows as the driver gives them (no Drizzle mapping): as a named
 * statement on node-postgres's pool, as a plain one on PGlite or in a transaction.
 */
export async function executeNamed<R>(
  db: Db | Tx,
  query: SQLWrapper & { toSQL(): { sql: string; params: unknown[] } },
  limit = NAMED_PER_CONNECTION,
): Promise<R[]> {
  if (!pools.has(db)) {
    const res = await db.execute(query)
    return (res as unknown as { rows: R[] }).rows
  }
  const { sql: text, params } = query.toSQL()
  return executeText<R>(db as Db, { text, params }, limit)
}
