import { randomBytes } from 'node:crypto'
import { RIGHT_CODES } from '@domain/rights/rights'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config'
import type { Db, Tx } from './db/client'
import { nodes, nodeUsers, users } from './db/schema'
import { hashPassword } from './lib/passwords'
import { grantRight } from './repositories/rights-repository'
import { seedDemoWorkflow } from './seed-demo'

export const DEFAULT_NODE = 'start'
export const DEMO_NODE = 'demo'

/** Creates a node with its default settings; returns the existing one when the domain is taken. */
export async function ensureNode(db: Db | Tx, domain: string) {
  const [created] = await db
    .insert(nodes)
    .values({ domain, settings: { locale: 'ru', menu: { items: [] } } })
    .onConflictDoNothing()
    .returning()
  if (created) return { node: created, created: true }
  const [existing] = await db.select().from(nodes).where(eq(nodes.domain, domain))
  return { node: existing!, created: false }
}

/** Binds a user to a node with is_authorized (PRODUCT.md §3). False when they were bound already. */
export async function bindUser(db: Db | Tx, nodeId: string, userId: string): Promise<boolean> {
  const bound = await db
    .insert(nodeUsers)
    .values({ nodeId, userId })
    .onConflictDoNothing()
    .returning({ userId: nodeUsers.userId })
  await grantRight(db, nodeId, { type: 'user', id: userId }, 'is_authorized')
  return bound.length > 0
}

/**
 * First start (PRODUCT.md §1): node `start`, the administrator holding every right, a second user
 * without is_admin, and node `demo` the administrator is bound to and that user is not; unless
 * SEED_DEMO=0, a small workflow with tasks in `start` (seed-demo.ts). Idempotent: an existing
 * database is left as it is.
 */
export async function seed(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  await db.transaction(async (tx) => {
    // Two instances starting at once over one database: the first to take the lock seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(7310001)`)
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }]
    if (n > 0) return

    const adminPassword = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url')
    const userPassword = config.USER_PASSWORD ?? randomBytes(12).toString('base64url')
    const [admin] = await tx
      .insert(users)
      .values({
        email: config.ADMIN_EMAIL.toLowerCase(),
        passwordHash: await hashPassword(adminPassword),
        isSuperuser: true,
        fio: { name: 'Admin', surname: 'Nodus' },
        contacts: { email: config.ADMIN_EMAIL.toLowerCase() },
      })
      .returning()
    const [user] = await tx
      .insert(users)
      .values({
        email: config.USER_EMAIL.toLowerCase(),
        passwordHash: await hashPassword(userPassword),
        fio: { name: 'Ivan', surname: 'Petrov', middlename: 'Sergeevich' },
        contacts: { email: config.USER_EMAIL.toLowerCase() },
      })
      .returning()

    const { node: start } = await ensureNode(tx, DEFAULT_NODE)
    const { node: demo } = await ensureNode(tx, DEMO_NODE)
    for (const node of [start, demo]) {
      await bindUser(tx, node.id, admin!.id)
      for (const code of RIGHT_CODES) await grantRight(tx, node.id, { type: 'user', id: admin!.id }, code)
    }
    await bindUser(tx, start.id, user!.id)
    await grantRight(tx, start.id, { type: 'user', id: user!.id }, 'task_view')
    await grantRight(tx, start.id, { type: 'user', id: user!.id }, 'board_view')
    if (config.SEED_DEMO === '1') await seedDemoWorkflow(tx, start.id, { admin: admin!.id, user: user!.id })

    log.info({ admin: admin!.email, user: user!.email }, 'first start: nodes start and demo created')
    // Printed once, to the console only, when no password was configured.
    if (!config.ADMIN_PASSWORD) console.log(`\n  Nodus administrator: ${admin!.email} / ${adminPassword}\n`)
    if (!config.USER_PASSWORD) console.log(`  Nodus user: ${user!.email} / ${userPassword}\n`)
  })
}
