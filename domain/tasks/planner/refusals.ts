import { type CatalogueCode, type DetailEntry, messageFor } from '../../errors/catalogue'
import type { Refusal } from './types'

/*
 * The planner's refusals and their canonical codes (ADR 014): one code, one message and one loc
 * per refusal, whichever writer asks. The loc is relative to the task payload.
 */

export const REFUSALS = {
  /** No task_create (create) or task_edit (edit) for the process. 403, no loc. */
  forbidden: 'rights.forbidden',
  /** author, process, or a custom field the form does not let the user change, given another value. */
  notEditable: 'tasks.field_not_editable',
  /** A custom field no definition has. */
  unknownField: 'value_error.extra',
  /** A status id that is not the node's. 404. */
  statusNotFound: 'statuses.status_not_found',
  /** A field the move or the status (to be) requires, left empty. */
  required: 'workflow.field_required',
  /** A field read-only in the task's current status, changed. */
  readonly: 'workflow.field_readonly',
  /** checkMove: 'workflow.status_not_in_progress' | 'workflow.move_not_allowed' | 'workflow.move_forbidden' (403). */
} as const satisfies Record<string, CatalogueCode>

/** The loc of a task field in a task payload: system fields by their wire name, cf_… under custom_fields. */
export function payloadLoc(field: string): (string | number)[] {
  if (field.startsWith('cf_')) return ['custom_fields', ...field.split('.')]
  if (['assignee', 'status', 'author', 'process'].includes(field)) return [`${field}_id`]
  return [field]
}

export function refusal(
  code: CatalogueCode,
  loc?: (string | number)[],
  ctx?: Record<string, string | number>,
): Refusal {
  return { type: code, msg: messageFor(code, ctx), ...(loc ? { loc } : {}), ...(ctx ? { ctx } : {}) }
}

/** A refusal about one field, at its loc with ctx.field. */
export const fieldRefusal = (code: CatalogueCode, field: string) =>
  refusal(code, payloadLoc(field), { field })

const FORBIDDING = new Set<string>(['rights.forbidden', 'workflow.move_forbidden'])
const NOT_FOUND = new Set<string>(['statuses.status_not_found', 'users.user_not_found'])

/**
 * The HTTP status a set of refusals answers with, the same for every writer: 403 when any of
 * them is a refusal of the caller (rights, a move they may not make), else 404 when one names
 * something that does not exist, else 422.
 */
export function refusalStatus(refusals: readonly Pick<DetailEntry, 'type'>[]): 403 | 404 | 422 {
  if (refusals.some((r) => FORBIDDING.has(r.type))) return 403
  if (refusals.some((r) => NOT_FOUND.has(r.type))) return 404
  return 422
}

/** Refusals under a writer's body: ['body'] for a task, ['body', 'patch'] for a bulk patch. */
export const under = (prefix: (string | number)[], refusals: readonly Refusal[]): DetailEntry[] =>
  refusals.map((r) => (r.loc ? { ...r, loc: [...prefix, ...r.loc] } : r))
