import type { SavedQueryInput, SavedQueryPatch } from '@domain/queries/schemas'
import { hasRight } from '@domain/rights/rights'
import type { Db, Tx } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { forbidden, notFound } from '../http/errors'
import {
  deleteSavedQuery,
  findSavedQuery,
  insertSavedQuery,
  listSavedQueries,
  type SavedQueryWithOwner,
  updateSavedQuery,
} from '../repositories/queries-repository'
import { fullName } from '../repositories/users-repository'
import { requireNodeRight } from './access'
import { auditIn } from './statuses'
import { compileText } from './task-query'

/*
 * Saved task queries (PRODUCT.md §10): a personal query is its owner's alone — anyone else, an
 * administrator too, gets 404, as for an id that does not exist; a shared one is read by every user
 * of the node and written by administrators only (403 rights.forbidden). The text is checked by the
 * query language at every save, as POST /tasks/rql would run it for the one saving it (names
 * included): 422 rql.* with the position, at ['body', 'query'].
 */

export const presentSavedQuery = (q: SavedQueryWithOwner) => ({
  id: q.id,
  name: q.name,
  query: q.query,
  shared: q.shared,
  owner: { id: q.ownerId, full_name: fullName(q.owner) },
  created_at: q.createdAt.toISOString(),
  updated_at: q.updatedAt.toISOString(),
})

const queryNotFound = () => notFound('queries.query_not_found', ['params', 'queryId'])

/** The event's data (api/src/events/emit.ts): never a personal query's name or text. */
const auditData = (q: { shared: boolean; ownerId: string }) => ({ shared: q.shared, owner_id: q.ownerId })

async function checkText(db: Db | Tx, nodeId: string, text: string, userId: string) {
  if (text.trim()) await compileText(db, nodeId, text, userId)
}

export async function listNodeQueries(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { shared?: boolean },
) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listSavedQueries(db, nodeId, c.auth.user.id, q)
  return { rows: rows.map(presentSavedQuery), total }
}

export async function getNodeQuery(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await findSavedQuery(db, nodeId, c.auth.user.id, id)
  if (!row) throw queryNotFound()
  return presentSavedQuery(row)
}

export async function createQuery(db: Db, c: Caller, nodeId: string, input: SavedQueryInput) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  if (input.shared && !hasRight(access.rights, 'is_admin')) throw forbidden()
  await checkText(db, nodeId, input.query, c.auth.user.id)
  return db.transaction(async (tx) => {
    const row = await insertSavedQuery(tx, {
      nodeId,
      ownerId: c.auth.user.id,
      ...input,
      query: input.query.trim(),
    })
    await auditIn(tx, c, nodeId, 'queries.query_created', row.id, auditData(row))
    return presentSavedQuery((await findSavedQuery(tx, nodeId, c.auth.user.id, row.id))!)
  })
}

export async function editQuery(db: Db, c: Caller, nodeId: string, id: string, input: SavedQueryPatch) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const admin = hasRight(access.rights, 'is_admin')
  if (input.query !== undefined) await checkText(db, nodeId, input.query, c.auth.user.id)
  return db.transaction(async (tx) => {
    const row = await findSavedQuery(tx, nodeId, c.auth.user.id, id, { lock: true })
    if (!row) throw queryNotFound()
    // A shared query is the node's: only an administrator changes it, or shares a query.
    if ((row.shared || input.shared) && !admin) throw forbidden()
    await updateSavedQuery(tx, nodeId, id, { ...input, query: input.query?.trim() })
    const after = await findSavedQuery(tx, nodeId, c.auth.user.id, id)
    // Made personal by an administrator who does not own it: it is its owner's again, not theirs.
    const shown = after ?? { ...row, ...input, updatedAt: new Date() }
    await auditIn(tx, c, nodeId, 'queries.query_edited', id, auditData(shown))
    return presentSavedQuery(shown)
  })
}

export async function removeQuery(db: Db, c: Caller, nodeId: string, id: string) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  return db.transaction(async (tx) => {
    const row = await findSavedQuery(tx, nodeId, c.auth.user.id, id, { lock: true })
    if (!row) throw queryNotFound()
    if (row.shared && !hasRight(access.rights, 'is_admin')) throw forbidden()
    await deleteSavedQuery(tx, nodeId, id)
    await auditIn(tx, c, nodeId, 'queries.query_deleted', id, auditData(row))
    return { id }
  })
}
