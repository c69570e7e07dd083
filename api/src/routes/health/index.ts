import { readdirSync } from 'node:fs'
import { messageFor } from '@domain/errors/catalogue'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { migrationsFolder } from '../../db/client'
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../../db/unavailable'

const expectedMigrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length

/**
 * GET /api/health: 200 "ok" when the database answers and every migration is applied; 503
 * "degraded" (with Retry-After) while the database is unreachable — the process itself serves on
 * and recovers by itself when the database is back; 503 server.error when migrations are missing.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        security: [],
        response: {
          200: z.object({
            data: z.object({ status: z.literal('ok'), database: z.string(), migrations: z.number() }),
          }),
          503: z.object({
            data: z
              .object({ status: z.literal('degraded'), database: z.string(), reason: z.string() })
              .optional(),
            detail: z.array(z.object({ type: z.string(), msg: z.string() })),
          }),
        },
      },
    },
    async (_req, reply) => {
      try {
        const res = await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
        const applied = Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
        if (applied < expectedMigrations) throw new Error(`migrations ${applied}/${expectedMigrations}`)
        return { data: { status: 'ok' as const, database: app.database.kind, migrations: applied } }
      } catch (err) {
        if (isDatabaseUnavailable(err))
          return reply
            .status(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_S))
            .send({
              data: {
                status: 'degraded' as const,
                database: app.database.kind,
                reason: 'database_unreachable',
              },
              detail: [
                { type: 'server.database_unavailable', msg: messageFor('server.database_unavailable') },
              ],
            })
        app.log.error({ err }, 'health check failed')
        return reply
          .status(503)
          .send({ detail: [{ type: 'server.error', msg: 'Database unavailable or not migrated' }] })
      }
    },
  )
}
