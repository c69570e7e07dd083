import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { sessions, users } from '../db/schema'
import { authCacheOf } from '../services/auth-cache'
import { notAuthenticated } from './errors'

export type AuthUser = typeof users.$inferSelect
export interface Auth {
  user: AuthUser
  sessionId: string
  impersonatorId: string | null
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route not marked `config: { public: true }`. */
    auth: Auth
  }
  interface FastifyContextConfig {
    public?: boolean
    /**
     * The route changes nothing the auth cache holds (sessions, users, bindings, rights, teams,
     * nodes and their configuration): it answers without waiting for change notices.
     */
    leavesAuth?: boolean
  }
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const [scheme, token] = h.split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/**
 * Authentication in one hook: a signed token whose session is neither revoked nor expired.
 * Routes opt out with `config: { public: true }` (login, token verification, public node look-ups).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as Auth)
  // Every authenticated call runs this: prepared once, so PostgreSQL parses and plans it once.
  const findSession = app.db
    .select({ user: users, impersonatorId: sessions.impersonatorId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_session')
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config?.public || req.is404 || req.url.startsWith('/api/docs')) return
    const token = bearer(req)
    if (!token) throw notAuthenticated()
    const claims = await app.tokens.verify(token)
    if (!claims) throw notAuthenticated()
    const cache = authCacheOf(app.db)
    let row = cache?.session(claims.sessionId, claims.userId)
    if (!row) {
      const mark = cache?.mark() ?? -1
      ;[row] = await findSession.execute({ sessionId: claims.sessionId, userId: claims.userId })
      if (!row) throw notAuthenticated()
      cache?.keepSession(mark, claims.sessionId, claims.userId, row)
    }
    req.auth = { user: row.user, sessionId: claims.sessionId, impersonatorId: row.impersonatorId }
  })
})
