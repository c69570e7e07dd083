import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../src/db/client'

// Every table a users call may write. login_attempts is left out: a refused password is recorded
// there on purpose.
const TABLES = [
  'users',
  'nodes',
  'node_users',
  'rights',
  'teams',
  'team_members',
  'sessions',
  'audit_log',
  'fields',
  'forms',
  'form_bindings',
]

/** Row count and a digest of every row of each table. */
export async function dbState(db: Db): Promise<Record<string, string>> {
  const state: Record<string, string> = {}
  for (const table of TABLES) {
    const res = await db.execute(
      sql.raw(`select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
               from ${table} t`),
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
