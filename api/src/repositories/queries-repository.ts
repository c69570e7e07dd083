import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { savedQueries, users } from '../db/schema'
import { offsetOf } from './search'

export type SavedQueryRow = typeof savedQueries.$inferSelect
export type SavedQueryWithOwner = SavedQueryRow & {
  owner: { email: string; fio: { surname?: string; name?: string; middlename?: string } }
}

/** What a user may read: the node's shared queries and their own personal ones. */
const readableBy = (nodeId: string, userId: string, shared?: boolean): SQL => {
  const own = and(eq(savedQueries.ownerId, userId), eq(savedQueries.shared, false))!
  const all = eq(savedQueries.shared, true)
  return and(eq(savedQueries.nodeId, nodeId), shared === undefined ? or(all, own) : shared ? all : own)!
}

const withOwner = {
  query: savedQueries,
  email: users.email,
  fio: users.fio,
}

const joined = (row: { query: SavedQueryRow; email: string; fio: SavedQueryWithOwner['owner']['fio'] }) => ({
  ...row.query,
  owner: { email: row.email, fio: row.fio },
})

export async function listSavedQueries(
  db: Db,
  nodeId: string,
  userId: string,
  q: { page: number; per_page: number; shared?: boolean },
): Promise<{ rows: SavedQueryWithOwner[]; total: number }> {
  const where = readableBy(nodeId, userId, q.shared)
  const [rows, [total]] = await Promise.all([
    db
      .select(withOwner)
      .from(savedQueries)
      .innerJoin(users, eq(users.id, savedQueries.ownerId))
      .where(where)
      .orderBy(sql`lower(${savedQueries.name})`, asc(savedQueries.id))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(savedQueries).where(where),
  ])
  return { rows: rows.map(joined), total: total?.n ?? 0 }
}

/** One query the user may read (shared, or their own), with its owner; undefined: unknown to them. */
export async function findSavedQuery(
  db: Db | Tx,
  nodeId: string,
  userId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<SavedQueryWithOwner | undefined> {
  let q = db
    .select(withOwner)
    .from(savedQueries)
    .innerJoin(users, eq(users.id, savedQueries.ownerId))
    .where(and(readableBy(nodeId, userId), eq(savedQueries.id, id)))
    .limit(1)
    .$dynamic()
  if (opts.lock) q = q.for('update', { of: savedQueries })
  const [row] = await q
  return row && joined(row)
}

export async function insertSavedQuery(
  tx: Tx,
  v: { nodeId: string; ownerId: string; name: string; query: string; shared: boolean },
): Promise<SavedQueryRow> {
  const [row] = await tx.insert(savedQueries).values(v).returning()
  return row!
}

export async function updateSavedQuery(
  tx: Tx,
  nodeId: string,
  id: string,
  v: { name?: string; query?: string; shared?: boolean },
): Promise<void> {
  await tx
    .update(savedQueries)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(savedQueries.nodeId, nodeId), eq(savedQueries.id, id)))
}

export async function deleteSavedQuery(tx: Tx, nodeId: string, id: string): Promise<void> {
  await tx.delete(savedQueries).where(and(eq(savedQueries.nodeId, nodeId), eq(savedQueries.id, id)))
}
