import type { BindStatusInput, StatusInput } from '@domain/workflow/schemas'
import type { Db, Tx } from '../db/client'
import { mapConstraints } from '../db/constraints'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, conflict, notFound } from '../http/errors'
import { writeAudit } from '../repositories/audit-repository'
import {
  getProgress,
  lockProgress,
  processesUsing,
  progressStatusIds,
  setProgressStatuses,
  statusesNamedByProcesses,
} from '../repositories/progress-repository'
import {
  deleteStatus,
  findStatus,
  insertStatus,
  listStatuses,
  type StatusRow,
  statusInUse,
  updateStatus,
} from '../repositories/statuses-repository'
import { requireNodeRight } from './access'
import { presentProgress } from './progress'

export const presentStatus = (s: StatusRow) => ({
  id: s.id,
  name: s.name,
  description: s.description,
  color: s.color,
})

const nameTaken = () => conflict('statuses.status_already_exists', ['body', 'name'])

/** One audit row in the transaction of the change, by the caller. */
export const auditIn = (tx: Tx, c: Caller, nodeId: string, action: string, targetId: string, data = {}) =>
  writeAudit(tx, { nodeId, actorId: c.auth.user.id, action, targetId, data, requestId: c.requestId })

export async function listNodeStatuses(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { search?: string },
) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listStatuses(db, nodeId, q)
  return { rows: rows.map(presentStatus), total }
}

/** One status of the node; another node's id is as unknown as a made-up one (404). */
export async function getNodeStatus(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await findStatus(db, nodeId, id)
  if (!row) throw notFound('statuses.status_not_found', ['params', 'statusId'])
  return presentStatus(row)
}

export async function createStatus(db: Db, c: Caller, nodeId: string, input: StatusInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await insertStatus(tx, nodeId, input)
    if (!row) throw nameTaken()
    await auditIn(tx, c, nodeId, 'statuses.status_created', row.id, { name: row.name })
    return presentStatus(row)
  })
}

export async function editStatus(db: Db, c: Caller, nodeId: string, id: string, input: Partial<StatusInput>) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return mapConstraints(
    () =>
      db.transaction(async (tx) => {
        const row = await updateStatus(tx, nodeId, id, input)
        if (!row) throw notFound('statuses.status_not_found')
        await auditIn(tx, c, nodeId, 'statuses.status_edited', id, input)
        return presentStatus(row)
      }),
    { unique: nameTaken },
  )
}

/** Refused (409) while a progress holds the status or a process's transition or field rule names it. */
export async function removeStatus(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const inUse = () => conflict('statuses.status_in_use', ['params', 'statusId'])
  return mapConstraints(
    () =>
      db.transaction(async (tx) => {
        if (!(await findStatus(tx, nodeId, id))) throw notFound('statuses.status_not_found')
        if (await statusInUse(tx, nodeId, id)) throw inUse()
        const row = await deleteStatus(tx, nodeId, id)
        await auditIn(tx, c, nodeId, 'statuses.status_deleted', id, { name: row!.name })
        return { id }
      }),
    // A progress or a process took the status between the check and the delete.
    { foreignKey: inUse },
  )
}

/**
 * Puts a status into a progress at a position (moving it when it is there already), or takes it
 * out. Taking out is refused while a process of the progress names the status, and when it is
 * the last status of a progress a process uses.
 */
export async function bindStatus(db: Db, c: Caller, nodeId: string, input: BindStatusInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    if (!(await lockProgress(tx, nodeId, input.progress_id)))
      throw notFound('progress.progress_not_found', ['body', 'progress_id'])
    if (!(await findStatus(tx, nodeId, input.status_id)))
      throw notFound('statuses.status_not_found', ['body', 'status_id'])
    const ids = await progressStatusIds(tx, nodeId, input.progress_id)
    const rest = ids.filter((s) => s !== input.status_id)
    if (input.unbind) {
      if (rest.length === ids.length) throw badInput('statuses.status_not_bound', ['body', 'status_id'])
      const named = await statusesNamedByProcesses(tx, nodeId, input.progress_id, [input.status_id])
      if (named.size > 0) throw conflict('progress.status_in_use', ['body', 'status_id'])
      if (rest.length === 0 && (await processesUsing(tx, nodeId, input.progress_id)) > 0)
        throw badInput('progress.progress_empty', ['body', 'status_id'])
      await setProgressStatuses(tx, nodeId, input.progress_id, rest)
    } else {
      const at = Math.min(input.position ?? rest.length, rest.length)
      await setProgressStatuses(tx, nodeId, input.progress_id, [
        ...rest.slice(0, at),
        input.status_id,
        ...rest.slice(at),
      ])
    }
    await auditIn(
      tx,
      c,
      nodeId,
      input.unbind ? 'statuses.status_unbound' : 'statuses.status_bound',
      input.progress_id,
      { status_id: input.status_id, position: input.unbind ? null : (input.position ?? null) },
    )
    return presentProgress((await getProgress(tx, nodeId, input.progress_id))!)
  })
}
