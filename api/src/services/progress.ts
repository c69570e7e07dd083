import type { ProgressInput } from '@domain/workflow/schemas'
import type { Db, Tx } from '../db/client'
import { mapConstraints } from '../db/constraints'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, conflict, notFound } from '../http/errors'
import { getProcess } from '../repositories/processes-repository'
import {
  deleteProgress,
  getProgress,
  insertProgress,
  listProgress,
  lockProgress,
  type ProgressWithStatuses,
  processesUsing,
  progressStatusIds,
  setProgressStatuses,
  statusesNamedByProcesses,
  updateProgress,
} from '../repositories/progress-repository'
import { existingStatusIds } from '../repositories/statuses-repository'
import { requireNodeRight } from './access'
import { auditIn, presentStatus } from './statuses'

export const presentProgress = (p: ProgressWithStatuses) => ({
  id: p.id,
  name: p.name,
  statuses: p.statuses.map(presentStatus),
})

/** Every id must be a status of this node: another node's is as unknown as a made-up one (404). */
async function requireStatuses(tx: Tx, nodeId: string, ids: string[]) {
  const known = await existingStatusIds(tx, nodeId, ids)
  const i = ids.findIndex((id) => !known.has(id))
  if (i >= 0) throw notFound('statuses.status_not_found', ['body', 'status_ids', i])
}

export async function listNodeProgress(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { search?: string },
) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listProgress(db, nodeId, q)
  return { rows: rows.map(presentProgress), total }
}

/** One progress of the node by its own id, with its statuses in order. */
export async function getNodeProgress(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await getProgress(db, nodeId, id)
  if (!row) throw notFound('progress.progress_not_found', ['params', 'id'])
  return presentProgress(row)
}

/** The progress a process moves its tasks through, with its statuses in order. */
export async function progressOfProcess(db: Db, c: Caller, nodeId: string, processId: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const process = await getProcess(db, nodeId, processId)
  if (!process) throw notFound('processes.process_not_found', ['params', 'id'])
  return presentProgress((await getProgress(db, nodeId, process.progressId))!)
}

export async function createProgress(db: Db, c: Caller, nodeId: string, input: ProgressInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    await requireStatuses(tx, nodeId, input.status_ids)
    const row = await insertProgress(tx, nodeId, input.name)
    await setProgressStatuses(tx, nodeId, row.id, input.status_ids)
    await auditIn(tx, c, nodeId, 'progress.progress_created', row.id, input)
    return presentProgress((await getProgress(tx, nodeId, row.id))!)
  })
}

/**
 * Renames a progress and/or replaces its statuses (`status_ids` in the new order: adds, removes,
 * reorders). A status that a process of the progress names cannot leave it; a progress a process
 * uses cannot become empty.
 */
export async function editProgress(
  db: Db,
  c: Caller,
  nodeId: string,
  id: string,
  input: Partial<ProgressInput>,
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    if (!(await lockProgress(tx, nodeId, id))) throw notFound('progress.progress_not_found')
    if (input.status_ids) {
      const next = input.status_ids
      await requireStatuses(tx, nodeId, next)
      const removed = (await progressStatusIds(tx, nodeId, id)).filter((s) => !next.includes(s))
      if ((await statusesNamedByProcesses(tx, nodeId, id, removed)).size > 0)
        throw conflict('progress.status_in_use', ['body', 'status_ids'])
      if (next.length === 0 && (await processesUsing(tx, nodeId, id)) > 0)
        throw badInput('progress.progress_empty', ['body', 'status_ids'])
      await setProgressStatuses(tx, nodeId, id, next)
    }
    if (input.name !== undefined) await updateProgress(tx, nodeId, id, { name: input.name })
    await auditIn(tx, c, nodeId, 'progress.progress_edited', id, input)
    return presentProgress((await getProgress(tx, nodeId, id))!)
  })
}

/** Refused (409) while a process uses the progress. */
export async function removeProgress(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const inUse = () => conflict('progress.progress_in_use', ['params', 'id'])
  return mapConstraints(
    () =>
      db.transaction(async (tx) => {
        const row = await lockProgress(tx, nodeId, id)
        if (!row) throw notFound('progress.progress_not_found')
        if ((await processesUsing(tx, nodeId, id)) > 0) throw inUse()
        await deleteProgress(tx, nodeId, id)
        await auditIn(tx, c, nodeId, 'progress.progress_deleted', id, { name: row.name })
        return { id }
      }),
    { foreignKey: inUse },
  )
}
