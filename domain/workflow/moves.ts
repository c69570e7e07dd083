import { hasRight } from '../rights/rights'
import type { FieldRuleKind, Mover, Transition, WorkflowProcess } from './types'

/*
 * Moving a task between statuses (PRODUCT.md §4). With no transitions, any move within the
 * process's progress is allowed; with transitions, only those listed, and only to a mover who
 * holds the transition's right (for this process) and is in one of its teams. A move lists the
 * fields it needs: the transition's required_fields, then those the target status requires.
 * Shared by the tasks service (which refuses a bad move) and the task card (which offers moves).
 */

export type MoveRefusal =
  | 'workflow.status_not_in_progress'
  | 'workflow.move_not_allowed'
  | 'workflow.move_forbidden'

export type MoveCheck = { ok: true; required_fields: string[] } | { ok: false; code: MoveRefusal }

export interface AllowedMove {
  to_status_id: string
  required_fields: string[]
}

/** The status a new task starts in: the first of the progress. */
export const initialStatus = (p: Pick<WorkflowProcess, 'status_ids'>): string | undefined => p.status_ids[0]

/** The fields carrying `kind` while a task is in the status. */
const fieldsWith = (p: WorkflowProcess, statusId: string, kind: FieldRuleKind) =>
  (p.field_rules ?? []).filter((r) => r.status_id === statusId && r.rule === kind).map((r) => r.field)

/** The effective field rules while a task of the process is in `statusId`. */
export function fieldRulesAt(
  p: WorkflowProcess,
  statusId: string,
): { required: string[]; readonly: string[] } {
  return { required: fieldsWith(p, statusId, 'required'), readonly: fieldsWith(p, statusId, 'readonly') }
}

const mayUse = (p: WorkflowProcess, t: Transition, mover: Mover) =>
  (!t.right || hasRight(mover.rights, t.right, p.key)) &&
  (!t.team_ids || t.team_ids.length === 0 || t.team_ids.some((id) => mover.team_ids.includes(id)))

const requiredFor = (p: WorkflowProcess, to: string, t?: Transition) => [
  ...new Set([...(t?.required_fields ?? []), ...fieldsWith(p, to, 'required')]),
]

/** Whether the mover may move a task of the process from one status to another, and what it needs. */
export function checkMove(p: WorkflowProcess, from: string, to: string, mover: Mover): MoveCheck {
  if (from === to) return { ok: true, required_fields: [] }
  if (!p.status_ids.includes(to)) return { ok: false, code: 'workflow.status_not_in_progress' }
  if (p.transitions.length === 0) return { ok: true, required_fields: requiredFor(p, to) }
  const t = p.transitions.find((x) => x.from_status_id === from && x.to_status_id === to)
  if (!t) return { ok: false, code: 'workflow.move_not_allowed' }
  if (!mayUse(p, t, mover)) return { ok: false, code: 'workflow.move_forbidden' }
  return { ok: true, required_fields: requiredFor(p, to, t) }
}

/** Every move the mover may make from `from`, in the progress's order. */
export function allowedMoves(p: WorkflowProcess, from: string, mover: Mover): AllowedMove[] {
  return p.status_ids
    .filter((to) => to !== from)
    .flatMap((to) => {
      const check = checkMove(p, from, to, mover)
      return check.ok ? [{ to_status_id: to, required_fields: check.required_fields }] : []
    })
}
