import type { RightsMap } from '../rights/rights'

/** A move a process allows (PRODUCT.md §4). */
export interface Transition {
  from_status_id: string
  to_status_id: string
  /** The right the mover needs; its attributes are process keys, so it is checked for this process. */
  right?: string | null
  /** The mover must be in one of these teams; empty or absent = anyone. */
  team_ids?: readonly string[] | null
  /** Fields that must have a value for this move. */
  required_fields?: readonly string[] | null
}

export type FieldRuleKind = 'required' | 'readonly'

export interface FieldRule {
  status_id: string
  field: string
  rule: FieldRuleKind
}

/** What the workflow rules need to know about a process. */
export interface WorkflowProcess {
  key: string
  /** The statuses of its progress, in order: the first is the initial status. */
  status_ids: readonly string[]
  transitions: readonly Transition[]
  field_rules?: readonly FieldRule[]
}

/** Who moves the task: their merged rights in the node and the teams they are in. */
export interface Mover {
  rights: RightsMap
  team_ids: readonly string[]
}
