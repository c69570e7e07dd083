import { and, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions } from '../db/schema'

/**
 * Which of these sessions still authenticate (neither revoked nor expired), read from the database
 * in one statement: a stream whose session is not among them is closed (hub.ts). Never the auth
 * cache: a notice names what changed, and this is the read that follows it.
 */
export async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Set()
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, unique), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
  return new Set(rows.map((r) => r.id))
}
