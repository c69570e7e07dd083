import { and, eq, isNull, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db, Tx } from '../db/client'
import { sessions } from '../db/schema'

/**
 * Opens a session and signs its token. `impersonatorId`: an administrator signing in as the user.
 * `db` lets a caller open the session inside its own transaction (with the audit row beside it).
 */
export async function openSession(
  app: FastifyInstance,
  userId: string,
  impersonatorId: string | null = null,
  db: Db | Tx = app.db,
) {
  const expiresAt = new Date(Date.now() + app.config.TOKEN_TTL_HOURS * 3600_000)
  const [s] = await db.insert(sessions).values({ userId, impersonatorId, expiresAt }).returning()
  const token = await app.tokens.sign({ userId, sessionId: s!.id, expiresAt })
  return { token, expiresAt, sessionId: s!.id }
}

export async function revokeSession(app: FastifyInstance, sessionId: string) {
  await app.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Revokes every live session of a user except `keep` (the session making the change, when theirs). */
export async function revokeUserSessions(db: Db | Tx, userId: string, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
}
