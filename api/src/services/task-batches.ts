import { hasRight } from '@domain/rights/rights'
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { attachments, taskBatches, taskComments, taskHistory } from '../db/schema'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { offsetOf } from '../repositories/search'
import { usersByIds } from '../repositories/tasks-repository'
import { requireNodeRight } from './access'
import { userRef } from './task-read'

/*
 * Batches (ADR 011 §8, PRODUCT.md §10): every bulk edit, CSV import and undo is one row of
 * task_batches, written in its own transaction, its history rows carrying its id. GET
 * /tasks/{nodeId}/batches lists the caller's own (an administrator's: everyone's), each saying
 * whether it can be undone now and, when not, why — by the code the undo would answer.
 */

export type BatchKind = 'bulk_edit' | 'csv_import' | 'undo'
export type BatchRow = typeof taskBatches.$inferSelect
/** Why a batch cannot be undone: the code its undo answers (409). */
export type BatchBlocker = 'tasks.batch_undone' | 'tasks.batch_changed' | 'tasks.batch_not_undoable'

/** Records a batch in the transaction that writes it. */
export async function recordBatch(
  tx: Tx,
  row: {
    nodeId: string
    id: string
    kind: BatchKind
    authorId: string
    count: number
    query?: string | null
    undoOf?: string
    deleted?: number
  },
) {
  await tx.insert(taskBatches).values(row)
}

/** Whether the caller may undo (and see) this batch: its author, or an administrator of the node. */
export const mayUndo = (batch: BatchRow, who: { userId: string; admin: boolean }) =>
  who.admin || batch.authorId === who.userId

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows

/**
 * Of these batches, those whose tasks changed since (a later history row of another batch or of
 * no batch: every change of a task writes one, PRODUCT.md §4), or whose new tasks got a comment or
 * a file (someone's work an import's undo would delete with them). One statement for a page.
 */
async function changedSince(db: Db | Tx, nodeId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const res = await db.execute(sql`
    select b.id::text as id from unnest(array[${list}]) as b(id)
     where exists (
             select 1 from ${taskHistory} h
               join ${taskHistory} l on l.node_id = h.node_id and l.task_id = h.task_id and l.id > h.id
                                    and l.batch_id is distinct from h.batch_id
              where h.node_id = ${nodeId} and h.batch_id = b.id)
        or exists (
             select 1 from ${taskHistory} h
              where h.node_id = ${nodeId} and h.batch_id = b.id and h.field = 'created'
                and (exists (select 1 from ${taskComments} c where c.node_id = h.node_id and c.task_id = h.task_id)
                  or exists (select 1 from ${attachments} a where a.node_id = h.node_id and a.task_id = h.task_id)))`)
  return new Set(rowsOf<{ id: string }>(res).map((r) => r.id))
}

/**
 * Why each batch cannot be undone now (a catalogue code, the one the undo answers), or null when
 * it can as far as its history tells: the planner still decides each task at the undo itself.
 */
export async function blockers(db: Db | Tx, nodeId: string, batches: BatchRow[]) {
  const out = new Map<string, BatchBlocker | null>()
  const open: string[] = []
  for (const b of batches) {
    if (b.undoneBy) out.set(b.id, 'tasks.batch_undone')
    else if (b.deleted > 0) out.set(b.id, 'tasks.batch_not_undoable')
    else open.push(b.id)
  }
  const changed = await changedSince(db, nodeId, open)
  for (const id of open) out.set(id, changed.has(id) ? 'tasks.batch_changed' : null)
  return out
}

export async function listBatches(db: Db, c: Caller, nodeId: string, p: Pagination) {
  const access = await requireNodeRight(db, c.auth, nodeId)
  const admin = hasRight(access.rights, 'is_admin')
  const where: SQL | undefined = and(
    eq(taskBatches.nodeId, nodeId),
    admin ? undefined : eq(taskBatches.authorId, c.auth.user.id),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(taskBatches)
      .where(where)
      .orderBy(desc(taskBatches.createdAt), desc(taskBatches.id))
      .limit(p.per_page)
      .offset(offsetOf(p)),
    db.select({ n: count() }).from(taskBatches).where(where),
  ])
  const [why, people] = await Promise.all([
    blockers(db, nodeId, rows),
    usersByIds(
      db,
      rows.map((r) => r.authorId),
    ),
  ])
  const byId = new Map(people.map((u) => [u.id, u]))
  const data = rows.map((b) => {
    const author = byId.get(b.authorId)
    const reason = why.get(b.id) ?? null
    return {
      id: b.id,
      kind: b.kind as BatchKind,
      created_at: b.createdAt.toISOString(),
      count: b.count,
      query: b.query,
      author: author ? userRef(author) : null,
      undo_of: b.undoOf,
      undone_by: b.undoneBy,
      undoable: reason === null,
      reason,
    }
  })
  return { data, total: total?.n ?? 0 }
}
