import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'
import { emitEvents, referenceEvent } from '../events/emit'

export interface AuditEntry {
  nodeId: string
  actorId: string | null
  action: string
  targetId?: string | null
  data?: Record<string, unknown>
  requestId?: string | null
}

/**
 * One row of a node's audit log, and the change's event (ADR 015); called inside the transaction
 * of the change it records.
 */
export async function writeAudit(db: Db | Tx, e: AuditEntry) {
  await db.insert(auditLog).values({
    nodeId: e.nodeId,
    actorId: e.actorId,
    action: e.action,
    targetId: e.targetId ?? null,
    data: e.data ?? {},
    requestId: e.requestId ?? null,
  })
  const event = referenceEvent(e)
  if (event) await emitEvents(db, [event])
}
