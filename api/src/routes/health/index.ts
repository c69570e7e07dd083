import { readdirSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { migrationsFolder } from '../../db/client'

const expectedMigrations = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length

/** GET /api/health: the database answers and every migration is applied. */
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
          503: z.object({ detail: z.array(z.object({ type: z.string(), msg: z.string() })) }),
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
        app.log.error({ err }, 'health check failed')
        return reply
          .status(503)
          .send({ detail: [{ type: 'server.error', msg: 'Database unavailable or not migrated' }] })
      }
    },
  )
}
