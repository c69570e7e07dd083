import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Harness } from './harness'

/** The tables a nodes or rights call may write. sessions and login_attempts change on every sign-in. */
const TABLES = ['users', 'nodes', 'node_users', 'teams', 'team_members', 'rights', 'audit_log'] as const

/** Every row of those tables, in a stable order, to compare before and after a refused call. */
export async function snapshot(h: Harness): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {}
  for (const table of TABLES) {
    const res = await h.database.db.execute(
      sql.raw(
        `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]'::jsonb) as rows from "${table}" t`,
      ),
    )
    out[table] = (res as unknown as { rows: { rows: unknown }[] }).rows[0]!.rows
  }
  return out
}

/** Runs a call that must be refused and asserts that it left the database exactly as it was. */
export async function unchanged<T>(h: Harness, call: () => Promise<T>): Promise<T> {
  const before = await snapshot(h)
  const result = await call()
  expect(await snapshot(h)).toEqual(before)
  return result
}
