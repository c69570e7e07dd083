import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../src/db/client'

// Every table of the schema, found in the database itself, so that a new area's tables are covered
// without anyone remembering to list them. login_attempts is left out: a refused password is
// recorded there on purpose. What the durable consumers write in the background on their own clock
// (their positions and leases, the notifications made from earlier events, the events of those) is
// no request's doing either.
const IGNORED = ['login_attempts', 'event_consumers', 'notifications']
const ONLY: Record<string, string> = { events: `where t.type <> 'notification.created'` }

async function tables(db: Db): Promise<string[]> {
  const res = await db.execute(sql`
    select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  return (res as unknown as { rows: { name: string }[] }).rows
    .map((r) => r.name)
    .filter((t) => !IGNORED.includes(t) && !t.startsWith('__drizzle'))
}

/** Row count and a digest of every row of each table. */
export async function dbState(db: Db): Promise<Record<string, string>> {
  const state: Record<string, string> = {}
  for (const table of await tables(db)) {
    const res = await db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
               from "${table}" t ${ONLY[table] ?? ''}`),
    )
    const row = (res as unknown as { rows: { n: number; h: string }[] }).rows[0]!
    state[table] = `${row.n}:${row.h}`
  }
  return state
}

/** Runs a refused call and checks that the database is exactly as it was. */
export async function unchanged<T>(db: Db, act: () => Promise<T>): Promise<T> {
  const before = await dbState(db)
  const result = await act()
  expect(await dbState(db)).toEqual(before)
  return result
}
