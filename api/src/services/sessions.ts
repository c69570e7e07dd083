import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sessions } from '../db/schema'

/** Opens a session and signs its token. `impersonatorId`: an administrator signing in as the user. */
export async function openSession(app: FastifyInstance, userId: string, impersonatorId: string | null = null) {
  const expiresAt = new Date(Date.now() + app.config.TOKEN_TTL_HOURS * 3600_000)
  const [s] = await app.db.insert(sessions).values({ userId, impersonatorId, expiresAt }).returning()
  const token = await app.tokens.sign({ userId, sessionId: s!.id, expiresAt })
  return { token, expiresAt }
}

export async function revokeSession(app: FastifyInstance, sessionId: string) {
  await app.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}
