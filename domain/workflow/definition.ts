import { CUSTOM_FIELD_NAME } from '../fields/definition'
import { isSystemFieldName } from '../fields/system'
import type { FieldRule, Transition } from './types'

/*
 * The checks on a process's transitions and field rules that need its progress: every status they
 * name must be one of the progress's, each move and each (status, field) given once. Ids that are
 * not the node's at all are the server's business (404); these are 422s with a loc.
 */

export interface DefinitionIssue {
  path: (string | number)[]
  code: string
}

/** A field a rule or a transition may name: a system field or a custom one (cf_…). */
export const isRuleFieldName = (name: string) => isSystemFieldName(name) || CUSTOM_FIELD_NAME.test(name)

export function checkProcessDefinition(
  statusIds: readonly string[],
  transitions: readonly Transition[] = [],
  fieldRules: readonly FieldRule[] = [],
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = []
  const inProgress = new Set(statusIds)
  const moves = new Set<string>()
  transitions.forEach((t, i) => {
    for (const end of ['from_status_id', 'to_status_id'] as const)
      if (!inProgress.has(t[end]))
        issues.push({ path: ['transitions', i, end], code: 'processes.status_not_in_progress' })
    if (t.from_status_id === t.to_status_id)
      issues.push({ path: ['transitions', i, 'to_status_id'], code: 'processes.transition_to_itself' })
    const move = `${t.from_status_id}>${t.to_status_id}`
    if (moves.has(move)) issues.push({ path: ['transitions', i], code: 'processes.duplicate_transition' })
    moves.add(move)
    ;(t.required_fields ?? []).forEach((f, j) => {
      if (!isRuleFieldName(f))
        issues.push({ path: ['transitions', i, 'required_fields', j], code: 'value_error.field_name' })
    })
  })
  const rules = new Set<string>()
  fieldRules.forEach((r, i) => {
    if (!inProgress.has(r.status_id))
      issues.push({ path: ['field_rules', i, 'status_id'], code: 'processes.status_not_in_progress' })
    if (!isRuleFieldName(r.field))
      issues.push({ path: ['field_rules', i, 'field'], code: 'value_error.field_name' })
    const key = `${r.status_id}>${r.field}`
    if (rules.has(key)) issues.push({ path: ['field_rules', i], code: 'processes.duplicate_field_rule' })
    rules.add(key)
  })
  return issues
}
