import { checkProcessDefinition } from '@domain/workflow/definition'
import type { FieldRuleInput, ProcessInput, ProcessPatch, TransitionInput } from '@domain/workflow/schemas'
import type { Db, Tx } from '../db/client'
import { mapConstraints } from '../db/constraints'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { AppErrors, badInput, conflict, notFound } from '../http/errors'
import { findForm } from '../repositories/forms-repository'
import {
  deleteProcess,
  type FullProcess,
  getProcess,
  hadTasks,
  hasTasks,
  insertProcess,
  listProcesses,
  lockProcess,
  renameKeyInRights,
  replaceFieldRules,
  replaceTransitions,
  updateProcess,
} from '../repositories/processes-repository'
import { lockProgress, progressStatusIds } from '../repositories/progress-repository'
import { existingStatusIds } from '../repositories/statuses-repository'
import { existingTeamIds } from '../repositories/teams-repository'
import { requireNodeRight } from './access'
import { auditIn } from './statuses'

type Transition = Omit<TransitionInput, 'right'> & { right: string | null }

const transitionOut = (t: FullProcess['transitions'][number]): Transition => ({
  from_status_id: t.fromStatusId,
  to_status_id: t.toStatusId,
  right: t.rightCode,
  team_ids: t.teamIds,
  required_fields: t.requiredFields,
})
const ruleOut = (r: FullProcess['fieldRules'][number]): FieldRuleInput => ({
  status_id: r.statusId,
  field: r.field,
  rule: r.rule,
})

export const presentProcess = (p: FullProcess) => ({
  id: p.id,
  key: p.key,
  name: p.name,
  description: p.description,
  progress_id: p.progressId,
  form_id: p.formId,
  task_counter: p.taskCounter,
  transitions: p.transitions.map(transitionOut),
  field_rules: p.fieldRules.map(ruleOut),
})

const keyTaken = () => conflict('processes.key_taken', ['body', 'key'])
const formNotFound = () => notFound('forms.form_not_found', ['body', 'form_id'])

/** The form a process is given must be one of the node's (processes.form_id's key backs this). */
async function requireForm(tx: Tx, nodeId: string, formId: string | null | undefined) {
  if (formId && !(await findForm(tx, nodeId, formId))) throw formNotFound()
}

/**
 * The checks of a process's definition against the node and its progress, in the order a caller
 * can act on: ids that are not the node's (404), then what does not fit the progress (422, every
 * issue at once). Lists the request did not give are the stored ones: a new progress must suit them.
 */
async function checkDefinition(
  tx: Tx,
  nodeId: string,
  progressId: string,
  def: { transitions: Transition[]; fieldRules: FieldRuleInput[] },
  given: { transitions: boolean; fieldRules: boolean; progress: boolean },
) {
  const progressLoc = ['body', 'progress_id']
  if (!(await lockProgress(tx, nodeId, progressId)))
    throw notFound('progress.progress_not_found', given.progress ? progressLoc : undefined)
  const statusIds = await progressStatusIds(tx, nodeId, progressId)
  if (statusIds.length === 0) throw badInput('processes.progress_empty', progressLoc)

  const refs: { id: string; loc: (string | number)[] }[] = []
  if (given.transitions)
    def.transitions.forEach((t, i) => {
      refs.push({ id: t.from_status_id, loc: ['body', 'transitions', i, 'from_status_id'] })
      refs.push({ id: t.to_status_id, loc: ['body', 'transitions', i, 'to_status_id'] })
    })
  if (given.fieldRules)
    def.fieldRules.forEach((r, i) => {
      refs.push({ id: r.status_id, loc: ['body', 'field_rules', i, 'status_id'] })
    })
  const knownStatuses = await existingStatusIds(
    tx,
    nodeId,
    refs.map((r) => r.id),
  )
  const unknownStatus = refs.find((r) => !knownStatuses.has(r.id))
  if (unknownStatus) throw notFound('statuses.status_not_found', unknownStatus.loc)

  if (given.transitions) {
    const teams = def.transitions.flatMap((t, i) =>
      t.team_ids.map((id, j) => ({ id, loc: ['body', 'transitions', i, 'team_ids', j] })),
    )
    const knownTeams = await existingTeamIds(
      tx,
      nodeId,
      teams.map((t) => t.id),
    )
    const unknownTeam = teams.find((t) => !knownTeams.has(t.id))
    if (unknownTeam) throw notFound('teams.team_not_found', unknownTeam.loc)
  }

  const issues = checkProcessDefinition(statusIds, def.transitions, def.fieldRules)
  if (issues.length > 0) {
    const stated = (list: string | number | undefined) =>
      (list === 'transitions' && given.transitions) || (list === 'field_rules' && given.fieldRules)
    const errors = issues.map((i) => badInput(i.code, stated(i.path[0]) ? ['body', ...i.path] : progressLoc))
    // Issues of stored lists all point at progress_id: say each once.
    const seen = new Set<string>()
    throw new AppErrors(
      422,
      errors.filter((e) => {
        const key = `${e.loc?.join('.')}:${e.code}`
        return !seen.has(key) && seen.add(key)
      }),
    )
  }
}

export async function listNodeProcesses(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { search?: string },
) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listProcesses(db, nodeId, q)
  return { rows: rows.map(presentProcess), total }
}

/** One process of the node with its transitions and field rules. */
export async function getNodeProcess(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await getProcess(db, nodeId, id)
  if (!row) throw notFound('processes.process_not_found', ['params', 'processId'])
  return presentProcess(row)
}

export async function createProcess(db: Db, c: Caller, nodeId: string, input: ProcessInput) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return mapConstraints(
    () =>
      db.transaction(async (tx) => {
        await checkDefinition(
          tx,
          nodeId,
          input.progress_id,
          { transitions: input.transitions, fieldRules: input.field_rules },
          { transitions: true, fieldRules: true, progress: true },
        )
        await requireForm(tx, nodeId, input.form_id)
        const row = await insertProcess(tx, nodeId, {
          key: input.key,
          name: input.name,
          description: input.description,
          progressId: input.progress_id,
          formId: input.form_id,
        })
        if (!row) throw keyTaken()
        await replaceTransitions(tx, nodeId, row.id, input.transitions)
        await replaceFieldRules(tx, nodeId, row.id, input.field_rules)
        await auditIn(tx, c, nodeId, 'processes.process_created', row.id, { key: row.key })
        return presentProcess((await getProcess(tx, nodeId, row.id))!)
      }),
    { unique: keyTaken, foreignKey: formNotFound },
  )
}

/**
 * Edits a process; `transitions` and `field_rules`, when given, replace the stored ones. The key
 * changes only while the process has had no tasks (their keys are `{KEY}-{n}`), and the task
 * rights naming it follow.
 */
export async function editProcess(db: Db, c: Caller, nodeId: string, id: string, input: ProcessPatch) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return mapConstraints(
    () =>
      db.transaction(async (tx) => {
        const row = await lockProcess(tx, nodeId, id)
        if (!row) throw notFound('processes.process_not_found')
        const current = (await getProcess(tx, nodeId, id))!
        const rekey = input.key !== undefined && input.key !== row.key
        if (rekey && hadTasks(row)) throw badInput('processes.key_locked', ['body', 'key'])
        await requireForm(tx, nodeId, input.form_id)
        const transitions = input.transitions ?? current.transitions.map(transitionOut)
        const fieldRules = input.field_rules ?? current.fieldRules.map(ruleOut)
        await checkDefinition(
          tx,
          nodeId,
          input.progress_id ?? row.progressId,
          { transitions, fieldRules },
          {
            transitions: input.transitions !== undefined,
            fieldRules: input.field_rules !== undefined,
            progress: input.progress_id !== undefined,
          },
        )
        await updateProcess(tx, nodeId, id, {
          key: input.key,
          name: input.name,
          description: input.description,
          progressId: input.progress_id,
          formId: input.form_id,
        })
        if (rekey) await renameKeyInRights(tx, nodeId, row.key, input.key!)
        if (input.transitions) await replaceTransitions(tx, nodeId, id, input.transitions)
        if (input.field_rules) await replaceFieldRules(tx, nodeId, id, input.field_rules)
        await auditIn(tx, c, nodeId, 'processes.process_edited', id, { ...input, previous_key: row.key })
        return presentProcess((await getProcess(tx, nodeId, id))!)
      }),
    { unique: keyTaken, foreignKey: formNotFound },
  )
}

/** Refused (409) once the process has tasks. Its transitions and field rules go with it. */
export async function removeProcess(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockProcess(tx, nodeId, id)
    if (!row) throw notFound('processes.process_not_found')
    if (await hasTasks(tx, nodeId, id)) throw conflict('processes.process_in_use', ['params', 'processId'])
    await deleteProcess(tx, nodeId, id)
    await auditIn(tx, c, nodeId, 'processes.process_deleted', id, { key: row.key })
    return { id }
  })
}
