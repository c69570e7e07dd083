import type { FieldDefinition } from '@domain/fields/types'
import { formEditableNames } from '@domain/forms/definition'
import type { WorkflowProcess } from '@domain/workflow/types'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { inTransaction, reads } from '../db/reads'
import { forms, nodes, statuses } from '../db/schema'
import { customFieldsOf, toDefinition } from '../repositories/fields-repository'
import type { FormRow } from '../repositories/forms-repository'
import { type FullProcess, processesOfNode } from '../repositories/processes-repository'
import { type StatusRow, statusIdsOfProgresses } from '../repositories/tasks-repository'

/*
 * A node's configuration — statuses, processes with their workflows, custom field definitions,
 * the processes' forms — as every task request reads it. It changes rarely and is small, so it is
 * cached per node and `nodes.config_version`, which triggers bump in the same transaction as any
 * change to those tables (migration 0006): a request that read version V from the node's row gets
 * exactly what was committed at V, on every instance, with no expiry to tune.
 */

export interface ProcessFlow {
  process: FullProcess
  workflow: WorkflowProcess
  /** The custom and system fields its form lets a user change; [] without a form. */
  editable: string[]
}

export interface NodeConfig {
  version: number
  statuses: Map<string, StatusRow>
  /** By process id. Never read task_counter from here: it moves with every task created. */
  flows: Map<string, ProcessFlow>
  processIdByKey: Map<string, string>
  /** The node's custom field definitions (what a task's custom_fields holds). */
  customs: FieldDefinition[]
}

/** What the domain's workflow rules need of a process: its progress's statuses, moves and rules. */
export function workflowOf(p: FullProcess, statusIds: readonly string[]): WorkflowProcess {
  return {
    key: p.key,
    status_ids: statusIds,
    transitions: p.transitions.map((t) => ({
      from_status_id: t.fromStatusId,
      to_status_id: t.toStatusId,
      right: t.rightCode,
      team_ids: t.teamIds,
      required_fields: t.requiredFields,
    })),
    field_rules: p.fieldRules.map((r) => ({ status_id: r.statusId, field: r.field, rule: r.rule })),
  }
}

/** Nodes kept at once; the least recently loaded goes first. */
const MAX_NODES = 1000
const cache = new Map<string, Promise<NodeConfig>>()

async function currentVersion(db: Db | Tx, nodeId: string): Promise<number | undefined> {
  const [row] = await db.select({ v: nodes.configVersion }).from(nodes).where(eq(nodes.id, nodeId)).limit(1)
  return row?.v
}

async function load(db: Db | Tx, nodeId: string, version: number): Promise<NodeConfig> {
  // Always in a transaction (the caller's, or the snapshot below): one statement at a time.
  const [statusRows, processList, fieldRows] = await reads(
    db,
    () => db.select().from(statuses).where(eq(statuses.nodeId, nodeId)),
    () => processesOfNode(db, nodeId),
    () => customFieldsOf(db, nodeId),
  )
  const formIds = [...new Set(processList.flatMap((p) => (p.formId ? [p.formId] : [])))]
  const [order, formRows] = await reads(
    db,
    () => statusIdsOfProgresses(db, nodeId, [...new Set(processList.map((p) => p.progressId))]),
    () =>
      formIds.length
        ? db
            .select()
            .from(forms)
            .where(and(eq(forms.nodeId, nodeId), inArray(forms.id, formIds)))
        : Promise.resolve([] as FormRow[]),
  )
  const formById = new Map(formRows.map((f) => [f.id, f]))
  const flows = new Map<string, ProcessFlow>()
  for (const p of processList) {
    const form = (p.formId && formById.get(p.formId)) || null
    flows.set(p.id, {
      process: p,
      workflow: workflowOf(p, order.get(p.progressId) ?? []),
      editable: form ? formEditableNames(form) : [],
    })
  }
  return {
    version,
    statuses: new Map(statusRows.map((s) => [s.id, s])),
    flows,
    processIdByKey: new Map(processList.map((p) => [p.key, p.id])),
    customs: fieldRows.map(toDefinition),
  }
}

/**
 * The node's configuration at `version` (read from the node's row by the caller's access check),
 * or at the version current now when none is given (one statement). On a miss inside a
 * transaction it reads through that transaction and caches nothing: the transaction may have
 * changed the configuration itself and may yet roll back — so a transaction that changes it must
 * not pass a version read before. No such node: an empty configuration.
 */
export async function nodeConfig(db: Db | Tx, nodeId: string, version?: number): Promise<NodeConfig> {
  const known = version ?? (await currentVersion(db, nodeId))
  const cached = cache.get(nodeId)
  if (cached && known !== undefined) {
    const config = await cached.catch(() => undefined)
    if (config?.version === known) return config
  }
  if (inTransaction(db)) return load(db, nodeId, known ?? 0)
  // One consistent snapshot of every table, labelled with the version it was read at.
  const loading = (db as Db).transaction(
    async (tx) => load(tx, nodeId, (await currentVersion(tx, nodeId)) ?? 0),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  cache.delete(nodeId)
  cache.set(nodeId, loading)
  if (cache.size > MAX_NODES) cache.delete(cache.keys().next().value!)
  try {
    return await loading
  } catch (e) {
    if (cache.get(nodeId) === loading) cache.delete(nodeId)
    throw e
  }
}

/**
 * `config`, or the node's current one when these tasks name a status or process it does not know:
 * the configuration changed between the caller's access check and reading the tasks.
 */
export async function configCovering(
  db: Db | Tx,
  nodeId: string,
  config: NodeConfig,
  rows: readonly { statusId: string; processId: string }[],
): Promise<NodeConfig> {
  if (rows.every((r) => config.statuses.has(r.statusId) && config.flows.has(r.processId))) return config
  return nodeConfig(db, nodeId)
}
