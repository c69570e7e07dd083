import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'

export interface AuditEntry {
  nodeId: string
  /** null: an operator at the command line, not a user of the API. */
  actorId: string | null
  action: string
  targetId?: string
  data?: Record<string, unknown>
  requestId?: string
}

/** Administrative changes are recorded in the same transaction as the change itself. */
export async function recordAudit(db: Db | Tx, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    nodeId: e.nodeId,
    actorId: e.actorId,
    action: e.action,
    targetId: e.targetId ?? null,
    data: e.data ?? {},
    requestId: e.requestId ?? null,
  })
}
