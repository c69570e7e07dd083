import { fromCell } from '@domain/csv/cells'
import { importableFields } from '@domain/csv/headers'
import { restore } from '@domain/csv/safety'
import type { DetailEntry } from '@domain/errors/catalogue'
import { isBlank, isPlainObject } from '@domain/fields/checks'
import type { FieldDefinition } from '@domain/fields/types'
import {
  type PlanContext,
  planCreate,
  planEdit,
  type Refusal,
  refusal,
  type TaskPatch,
} from '@domain/tasks/planner'
import type { TaskValues } from '@domain/tasks/values'
import { and, eq, inArray, or } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { tasks } from '../../db/schema'
import { badInput, notFound } from '../../http/errors'
import { boundUsers, type TaskRow } from '../../repositories/tasks-repository'
import type { NodeConfig, ProcessFlow } from '../node-config'
import { mayOnProcess, type TaskCaller } from '../task-access'
import { planCaller, planContext, valuesOf } from '../task-fields'
import type { CsvFile } from './read-file'

/*
 * What an import would do with each row of a file (PRODUCT.md §7, CSV): a new task of the chosen
 * process, or — when the key column updates existing tasks — a change of the task that key names
 * in this node, each planned by the task planner exactly as a form's create or edit would be (the
 * field registry's rules, the form's editable fields, the workflow, the caller's rights). A row
 * the planner refuses is reported with every reason, by its line and column.
 */

export interface ImportOptions {
  /** Per column of the file: the field it fills, or null to skip it. */
  mapping: (string | null)[]
  process_id?: string
  update_existing: boolean
}

export interface FieldChange {
  field: string
  old: unknown
  new: unknown
}

export type PlannedRow =
  | { action: 'create'; line: number; flow: ProcessFlow; values: TaskValues; move: FieldChange[] }
  | { action: 'update'; line: number; task: TaskRow; values: TaskValues; changes: FieldChange[] }
  | { action: 'unchanged'; line: number; task: TaskRow }

export interface RefusedRow {
  /** The row's line in the file (the header is line 1). */
  line: number
  key: string | null
  detail: DetailEntry[]
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** 422 unless every mapped field exists, once, and the mapping covers the file's columns. */
export function checkMapping(
  mapping: (string | null)[],
  headers: string[],
  customs: readonly FieldDefinition[],
) {
  if (mapping.length !== headers.length) throw badInput('value_error', ['body', 'mapping'])
  const allowed = new Set(importableFields(customs))
  const seen = new Set<string>()
  mapping.forEach((field, i) => {
    if (field === null) return
    if (!allowed.has(field)) throw badInput('csv.unknown_field', ['body', 'mapping', i], { field })
    if (seen.has(field)) throw badInput('csv.duplicate_mapping', ['body', 'mapping', i], { field })
    seen.add(field)
  })
}

function setAt(doc: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path
  if (head === undefined) return doc
  const inner = isPlainObject(doc[head]) ? (doc[head] as Record<string, unknown>) : {}
  return { ...doc, [head]: rest.length ? setAt(inner, rest, value) : value }
}

/** The field a planner refusal's loc names (['custom_fields', 'cf_a', 'town'] → cf_a…). */
function fieldOfLoc(loc: (string | number)[] | undefined, mapped: string[]): string | undefined {
  if (!loc?.length) return undefined
  if (loc[0] === 'custom_fields') {
    const path = loc.slice(1).join('.')
    return mapped.find((m) => path === m || path.startsWith(`${m}.`))
  }
  return String(loc[0]).replace(/_id$/, '')
}

interface Lookups {
  tasks: Map<string, TaskRow>
  users: Map<string, string>
  statuses: Map<string, string>
}

/** The tasks, users and statuses the file names, read in three statements. */
async function lookups(
  tx: Tx,
  nodeId: string,
  file: CsvFile,
  opts: ImportOptions,
  config: NodeConfig,
  lock: boolean,
) {
  const col = (field: string) => opts.mapping.indexOf(field)
  const cells = (field: string) => {
    const i = col(field)
    return i < 0 ? [] : file.rows.map((r) => restore(r[i] ?? '').trim()).filter((v) => v !== '')
  }
  const keys = opts.update_existing ? cells('key') : []
  const found = new Map<string, TaskRow>()
  if (keys.length) {
    const ids = keys.filter((k) => UUID.test(k))
    const names = keys.filter((k) => !UUID.test(k)).map((k) => k.toUpperCase())
    let q = tx
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.nodeId, nodeId),
          or(
            names.length ? inArray(tasks.key, names) : undefined,
            ids.length ? inArray(tasks.id, ids) : undefined,
          ),
        ),
      )
      .$dynamic()
    if (lock) q = q.orderBy(tasks.id).for('update')
    for (const t of await q) {
      found.set(t.key, t)
      found.set(t.id.toLowerCase(), t)
    }
  }
  const people = cells('assignee')
  const users = new Map<string, string>()
  if (people.length) {
    const rows = await boundUsers(tx, nodeId, {
      ids: people.filter((p) => UUID.test(p)),
      emails: people.filter((p) => !UUID.test(p)),
    })
    for (const u of rows) {
      users.set(u.id.toLowerCase(), u.id)
      users.set(u.email.toLowerCase(), u.id)
    }
  }
  const statuses = new Map<string, string>()
  for (const s of config.statuses.values()) {
    statuses.set(s.name.trim().toLowerCase(), s.id)
    statuses.set(s.id.toLowerCase(), s.id)
  }
  return { tasks: found, users, statuses } satisfies Lookups
}

/** One row as a task payload, or the refusals of what it names that does not exist. */
function payloadOf(
  row: string[],
  opts: ImportOptions,
  customs: readonly FieldDefinition[],
  look: Lookups,
  isNew: boolean,
) {
  const patch: TaskPatch = {}
  const refusals: Refusal[] = []
  let custom: Record<string, unknown> | undefined
  opts.mapping.forEach((field, i) => {
    if (field === null || field === 'key') return
    const text = restore(row[i] ?? '')
    const blank = isBlank(text)
    // A new task takes nothing from a blank cell; an existing one has that field cleared.
    if (blank && (isNew || field === 'title' || field === 'status')) return
    if (field === 'title' || field === 'description') patch[field] = blank ? '' : text.trim()
    else if (field === 'status') {
      const id = look.statuses.get(text.trim().toLowerCase())
      if (id) patch.status_id = id
      else refusals.push(refusal('statuses.status_not_found', ['status_id']))
    } else if (field === 'assignee') {
      const id = blank ? null : look.users.get(text.trim().toLowerCase())
      if (id !== undefined) patch.assignee_id = id
      else refusals.push(refusal('users.user_not_found', ['assignee_id']))
    } else {
      const def = customs.find((d) => d.name === field)
      if (def) custom = setAt(custom ?? {}, field.split('.'), fromCell(def, text))
    }
  })
  if (custom) patch.custom_fields = custom
  return { patch, refusals }
}

export interface ImportPlan {
  planned: PlannedRow[]
  refused: RefusedRow[]
}

/** Plans every row of `file` for `who` (inside the transaction that writes, when it writes). */
export async function planImport(
  tx: Tx,
  nodeId: string,
  who: TaskCaller,
  file: CsvFile,
  opts: ImportOptions,
  lock: boolean,
): Promise<ImportPlan> {
  const { config } = who
  checkMapping(opts.mapping, file.headers, config.customs)
  const flow = opts.process_id ? config.flows.get(opts.process_id) : undefined
  if (opts.process_id && !flow) throw notFound('processes.process_not_found', ['body', 'process_id'])
  const look = await lookups(tx, nodeId, file, opts, config, lock)
  const caller = planCaller(who)
  const contexts = new Map<string, PlanContext>()
  const contextOf = (f: ProcessFlow) => {
    let ctx = contexts.get(f.process.id)
    if (!ctx) {
      ctx = planContext(caller, config, f)
      contexts.set(f.process.id, ctx)
    }
    return ctx
  }
  const keyCol = opts.update_existing ? opts.mapping.indexOf('key') : -1
  const mapped = opts.mapping.filter((m): m is string => m !== null)
  const planned: PlannedRow[] = []
  const refused: RefusedRow[] = []
  const seenTasks = new Set<string>()

  const planRow = (row: string[], line: number, key: string | null): PlannedRow | Refusal[] => {
    const task = key ? (look.tasks.get(key.toUpperCase()) ?? look.tasks.get(key.toLowerCase())) : undefined
    const taskFlow = task ? config.flows.get(task.processId) : undefined
    if (key && (!task || !taskFlow || !mayOnProcess(who, 'task_view', taskFlow.process.key)))
      return [refusal('tasks.task_not_found', ['key'])]
    if (task && taskFlow) {
      if (seenTasks.has(task.id)) return [refusal('csv.duplicate_key', ['key'], { key: task.key })]
      seenTasks.add(task.id)
      const { patch, refusals } = payloadOf(row, opts, config.customs, look, false)
      if (refusals.length) return refusals
      const r = planEdit(contextOf(taskFlow), valuesOf(task), patch)
      if (!r.ok) return r.refusals
      if (r.plan.changes.length === 0) return { action: 'unchanged', line, task }
      return { action: 'update', line, task, values: r.plan.values, changes: r.plan.changes }
    }
    if (!flow) return [refusal('csv.process_required', ['process_id'])]
    const { patch, refusals } = payloadOf(row, opts, config.customs, look, true)
    if (refusals.length) return refusals
    const { status_id: status, ...rest } = patch
    const ctx = contextOf(flow)
    const created = planCreate(ctx, rest)
    if (!created.ok) return created.refusals
    // A status other than the first is a move after the create, by the workflow's rules.
    if (!status || status === created.plan.values.status)
      return { action: 'create', line, flow, values: created.plan.values, move: [] }
    const moved = planEdit(ctx, created.plan.values, { status_id: status })
    if (!moved.ok) return moved.refusals
    return { action: 'create', line, flow, values: moved.plan.values, move: moved.plan.changes }
  }

  for (const [index, row] of file.rows.entries()) {
    const line = index + 2
    const key = keyCol >= 0 ? restore(row[keyCol] ?? '').trim() || null : null
    const result = planRow(row, line, key)
    if (!Array.isArray(result)) {
      planned.push(result)
      continue
    }
    refused.push({
      line,
      key,
      detail: result.map((r) => {
        const field = fieldOfLoc(r.loc, mapped)
        const column = field ? opts.mapping.indexOf(field) : -1
        const header = column >= 0 ? file.headers[column] : undefined
        return {
          ...r,
          loc: ['file', line, ...(header !== undefined ? [header] : [])],
          ctx: { ...r.ctx, line, ...(header !== undefined ? { column: header } : {}) },
        }
      }),
    })
  }
  return { planned, refused }
}
