import type { DetailEntry } from '@domain/errors/catalogue'
import type { RightsMap } from '@domain/rights/rights'
import { type PlanCaller, type PlanContext, refusalStatus, under } from '@domain/tasks/planner'
import type { TaskValues } from '@domain/tasks/values'
import { InvalidInput } from '../http/errors'
import type { TaskRow } from '../repositories/tasks-repository'
import type { NodeConfig, ProcessFlow } from './node-config'

/*
 * What the task writers (create, edit, bulk edit) hand the domain's planner (ADR 014) and how they
 * answer its refusals: all from data already loaded — the row, the node's cached configuration,
 * the caller's rights — so planning costs no statement.
 */

/** A stored task as the planner and the workflow read it. */
export const valuesOf = (t: TaskRow): TaskValues => ({
  title: t.title,
  description: t.description,
  assignee: t.assigneeId,
  status: t.statusId,
  author: t.authorId,
  process: t.processId,
  custom_fields: t.customFields,
})

/** The caller as the planner reads them. */
export const planCaller = (who: {
  userId: string
  rights: RightsMap
  team_ids: readonly string[]
}): PlanCaller => ({
  user_id: who.userId,
  rights: who.rights,
  team_ids: who.team_ids,
})

/** The planner's view of a process of the node, for this caller. */
export const planContext = (
  caller: PlanCaller,
  config: NodeConfig,
  flow: ProcessFlow,
  memo?: Map<string, unknown>,
): PlanContext => ({
  customs: config.customs,
  hasStatus: (id) => config.statuses.has(id),
  caller,
  process: { id: flow.process.id, workflow: flow.workflow, editable: flow.editable },
  ...(memo ? { memo } : {}),
})

/** The planner's refusals as the answer: under the writer's body (`prefix`), with the status they call for. */
export const refused = (refusals: readonly DetailEntry[], prefix: (string | number)[]) =>
  new InvalidInput(under(prefix, refusals), refusalStatus(refusals))
