import type { DetailEntry } from '../../errors/catalogue'
import type { FieldDefinition } from '../../fields/types'
import type { RightsMap } from '../../rights/rights'
import type { WorkflowProcess } from '../../workflow/types'
import type { TaskValues } from '../values'

/*
 * What the task planner reads and answers (ADR 014). Everything is plain data the caller already
 * holds — the task's stored values, the node's cached configuration, the caller's rights — so a
 * plan costs no database round trip and reads the same for create, edit and bulk edit.
 */

/** A change of a task as it is sent (spec §3): system fields by their wire names, custom ones nested. */
export interface TaskPatch {
  title?: string
  description?: string
  assignee_id?: string | null
  status_id?: string
  author_id?: string
  process_id?: string
  custom_fields?: Record<string, unknown>
}

/** The process a task belongs to (or is created in), with what its form lets a user change. */
export interface PlanProcess {
  id: string
  workflow: WorkflowProcess
  /** The form's editable names (formEditableNames); [] without a form: no custom field. */
  editable: readonly string[]
}

/** Who writes: their merged rights in the node and their teams (a workflow Mover). */
export interface PlanCaller {
  user_id: string
  rights: RightsMap
  team_ids: readonly string[]
}

/** The node's configuration the planner reads. */
export interface PlanNode {
  /** The node's custom field definitions. */
  customs: readonly FieldDefinition[]
  /** Whether a status id is one of the node's. */
  hasStatus: (id: string) => boolean
}

export interface PlanContext extends PlanNode {
  process: PlanProcess
  caller: PlanCaller
  /**
   * Optional memo for planning one patch against many tasks (bulk edit): custom values that do
   * not depend on the stored ones are checked once. Make one per request.
   */
  memo?: Map<string, unknown>
}

/**
 * A refusal: a catalogue entry whose `loc` is relative to the task payload (['status_id'],
 * ['custom_fields', 'cf_x']); the writer puts it under its body (['body'] or ['body', 'patch']).
 */
export type Refusal = DetailEntry

export interface FieldChange {
  /** title, description, assignee, status, or a top-level custom field name. */
  field: string
  old: unknown
  new: unknown
}

export interface TaskPlan {
  /** The task's values once written. */
  values: TaskValues
  /** What differs from the stored values (for a new task, from nothing); empty: no write. */
  changes: FieldChange[]
  /** The status move, when the status changes. */
  move: { from: string; to: string } | null
}

export type PlanResult = { ok: true; plan: TaskPlan } | { ok: false; refusals: Refusal[] }
