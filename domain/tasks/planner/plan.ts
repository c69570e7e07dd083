import { hasRight } from '../../rights/rights'
import { initialStatus } from '../../workflow/moves'
import { sameValue, type TaskValues } from '../values'
import { checkCustomFields, checkCustomPatch } from './custom-fields'
import { REFUSALS, refusal } from './refusals'
import type { FieldChange, PlanContext, PlanNode, PlanResult, Refusal, TaskPatch } from './types'
import { checkWorkflow } from './workflow'

/*
 * The one place that decides what a write of a task may change (STYLE.md 18, ADR 014): create,
 * edit and bulk edit (and its dry run) plan with these functions and write what they answer.
 * Order: the caller's right first (nothing else is said to someone who may not write); then the
 * fields that never change, the status, the custom values, and the workflow over the result.
 */

const SYSTEM = ['title', 'description', 'assignee', 'status'] as const

/**
 * What differs between two sets of values: system fields, then top-level custom fields by name —
 * those named in `customNames` when given (an edit changes no other).
 */
export function changesBetween(
  was: TaskValues | null,
  now: TaskValues,
  customNames?: readonly string[],
): FieldChange[] {
  const out: FieldChange[] = []
  for (const field of SYSTEM) {
    const old = was ? was[field] : null
    if (!sameValue(old, now[field])) out.push({ field, old, new: now[field] })
  }
  const before = was?.custom_fields ?? {}
  const names = [
    ...new Set(customNames ?? [...Object.keys(before), ...Object.keys(now.custom_fields)]),
  ].sort()
  for (const name of names)
    if (!sameValue(before[name], now.custom_fields[name]))
      out.push({ field: name, old: before[name] ?? null, new: now.custom_fields[name] ?? null })
  return out
}

const mover = (ctx: PlanContext) => ({ rights: ctx.caller.rights, team_ids: ctx.caller.team_ids })

/** A value of a field that never changes through this write, sent different: refused at its loc. */
function fixed(patch: TaskPatch, keys: [keyof TaskPatch, unknown][]): Refusal[] {
  return keys
    .filter(([key, has]) => patch[key] !== undefined && patch[key] !== has)
    .map(([key]) => refusal(REFUSALS.notEditable, [key]))
}

/** A new task of `ctx.process`, authored by the caller, in the process's first status. */
export function planCreate(ctx: PlanContext, patch: TaskPatch): PlanResult {
  const { process, caller } = ctx
  if (!hasRight(caller.rights, 'task_create', process.workflow.key))
    return { ok: false, refusals: [refusal(REFUSALS.forbidden)] }
  const status = initialStatus(process.workflow)
  if (!status) return { ok: false, refusals: [refusal('processes.progress_empty')] }
  const refusals = fixed(patch, [
    ['process_id', process.id],
    ['author_id', caller.user_id],
    ['status_id', status],
  ])
  const custom = checkCustomFields(patch.custom_fields ?? {}, null, process.editable, ctx.customs, ctx.memo)
  refusals.push(...custom.refusals)
  const values: TaskValues = {
    title: patch.title ?? '',
    description: patch.description ?? '',
    assignee: patch.assignee_id ?? null,
    status,
    author: caller.user_id,
    process: process.id,
    custom_fields: custom.values,
  }
  refusals.push(...checkWorkflow(process.workflow, null, values, mover(ctx)).refusals)
  if (refusals.length) return { ok: false, refusals }
  return { ok: true, plan: { values, changes: changesBetween(null, values), move: null } }
}

/** A change of the task whose stored values are `task`. */
export function planEdit(ctx: PlanContext, task: TaskValues, patch: TaskPatch): PlanResult {
  const { process, caller } = ctx
  if (!hasRight(caller.rights, 'task_edit', process.workflow.key))
    return { ok: false, refusals: [refusal(REFUSALS.forbidden)] }
  const refusals = fixed(patch, [
    ['process_id', task.process],
    ['author_id', task.author],
  ])
  let status = patch.status_id ?? task.status
  if (status !== task.status && !ctx.hasStatus(status)) {
    refusals.push(refusal(REFUSALS.statusNotFound, ['status_id']))
    status = task.status
  }
  let customFields = task.custom_fields
  if (patch.custom_fields !== undefined) {
    const custom = checkCustomFields(
      patch.custom_fields,
      task.custom_fields,
      process.editable,
      ctx.customs,
      ctx.memo,
    )
    refusals.push(...custom.refusals)
    customFields = custom.values
  }
  const values: TaskValues = {
    ...task,
    title: patch.title ?? task.title,
    description: patch.description ?? task.description,
    assignee: patch.assignee_id === undefined ? task.assignee : patch.assignee_id,
    status,
    custom_fields: customFields,
  }
  const flow = checkWorkflow(process.workflow, task, values, mover(ctx))
  refusals.push(...flow.refusals)
  if (refusals.length) return { ok: false, refusals }
  const touched = patch.custom_fields ? Object.keys(patch.custom_fields) : []
  return { ok: true, plan: { values, changes: changesBetween(task, values, touched), move: flow.move } }
}

/**
 * What can be refused of a patch before looking at any task (a bulk edit asks first, so a bad
 * patch is one refusal rather than one per task): the same refusals planEdit gives every task.
 */
export function checkPatch(node: PlanNode, patch: TaskPatch): Refusal[] {
  const out: Refusal[] = []
  if (patch.status_id !== undefined && !node.hasStatus(patch.status_id))
    out.push(refusal(REFUSALS.statusNotFound, ['status_id']))
  if (patch.custom_fields !== undefined) out.push(...checkCustomPatch(patch.custom_fields, node.customs))
  return out
}
