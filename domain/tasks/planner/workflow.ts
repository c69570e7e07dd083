import { isBlank } from '../../fields/checks'
import { checkMove, fieldRulesAt } from '../../workflow/moves'
import type { Mover, WorkflowProcess } from '../../workflow/types'
import { fieldValue, sameValue, type TaskValues } from '../values'
import { fieldRefusal, REFUSALS, refusal } from './refusals'
import type { Refusal } from './types'

/*
 * The workflow's say in a write (PRODUCT.md §4): a move obeys the process's transitions
 * (checkMove); fields read-only in the status the task is in keep their values; the fields a move
 * requires, and those the status the task ends in requires that this write changes, must have a
 * value. A new task starts in the first status and must fill what that status requires.
 */

export interface WorkflowCheck {
  refusals: Refusal[]
  move: { from: string; to: string } | null
}

/** `was`: the stored values (null for a new task); `now`: the values once written. */
export function checkWorkflow(
  workflow: WorkflowProcess,
  was: TaskValues | null,
  now: TaskValues,
  mover: Mover,
): WorkflowCheck {
  const refusals: Refusal[] = []
  if (was === null) {
    for (const field of fieldRulesAt(workflow, now.status).required)
      if (isBlank(fieldValue(now, field))) refusals.push(fieldRefusal(REFUSALS.required, field))
    return { refusals, move: null }
  }
  const changed = (field: string) => !sameValue(fieldValue(was, field), fieldValue(now, field))
  for (const field of fieldRulesAt(workflow, was.status).readonly)
    if (changed(field)) refusals.push(fieldRefusal(REFUSALS.readonly, field))
  const moves = was.status !== now.status
  const check = checkMove(workflow, was.status, now.status, mover)
  if (!check.ok) return { refusals: [refusal(check.code, ['status_id']), ...refusals], move: null }
  const required = new Set(check.required_fields)
  for (const field of fieldRulesAt(workflow, now.status).required) if (changed(field)) required.add(field)
  for (const field of required)
    if (isBlank(fieldValue(now, field))) refusals.push(fieldRefusal(REFUSALS.required, field))
  return { refusals, move: moves ? { from: was.status, to: now.status } : null }
}
