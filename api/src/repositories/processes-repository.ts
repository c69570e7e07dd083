import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { reads } from '../db/reads'
import { processes, processFieldRules, processTransitions, rights, tasks } from '../db/schema'
import { containsAny, offsetOf } from './search'

export type ProcessRow = typeof processes.$inferSelect
export type TransitionRow = typeof processTransitions.$inferSelect
export type FieldRuleRow = typeof processFieldRules.$inferSelect
export type FullProcess = ProcessRow & { transitions: TransitionRow[]; fieldRules: FieldRuleRow[] }

/** Each process with its transitions and field rules, in a stable order. */
async function withRules(db: Db | Tx, nodeId: string, rows: ProcessRow[]): Promise<FullProcess[]> {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const [moves, rules] = await reads(
    db,
    () =>
      db
        .select()
        .from(processTransitions)
        .where(and(eq(processTransitions.nodeId, nodeId), inArray(processTransitions.processId, ids)))
        .orderBy(asc(processTransitions.fromStatusId), asc(processTransitions.toStatusId)),
    () =>
      db
        .select()
        .from(processFieldRules)
        .where(and(eq(processFieldRules.nodeId, nodeId), inArray(processFieldRules.processId, ids)))
        .orderBy(asc(processFieldRules.statusId), asc(processFieldRules.field)),
  )
  return rows.map((r) => ({
    ...r,
    transitions: moves.filter((m) => m.processId === r.id),
    fieldRules: rules.filter((m) => m.processId === r.id),
  }))
}

export async function listProcesses(
  db: Db,
  nodeId: string,
  q: { search?: string; page: number; per_page: number },
) {
  const where = and(eq(processes.nodeId, nodeId), containsAny(q.search, processes.name, processes.key))
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(processes)
      .where(where)
      .orderBy(asc(processes.key))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(processes).where(where),
  ])
  return { rows: await withRules(db, nodeId, rows), total: total?.n ?? 0 }
}

/** Every process of the node with its transitions and field rules (the node's cached configuration). */
export async function processesOfNode(db: Db | Tx, nodeId: string): Promise<FullProcess[]> {
  const rows = await db
    .select()
    .from(processes)
    .where(eq(processes.nodeId, nodeId))
    .orderBy(asc(processes.key))
  return withRules(db, nodeId, rows)
}

export async function getProcess(db: Db | Tx, nodeId: string, id: string): Promise<FullProcess | undefined> {
  const rows = await db
    .select()
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, id)))
    .limit(1)
  return (await withRules(db, nodeId, rows))[0]
}

export async function lockProcess(tx: Tx, nodeId: string, id: string): Promise<ProcessRow | undefined> {
  const [row] = await tx
    .select()
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, id)))
    .for('update')
  return row
}

/** Undefined when the key is taken in the node. */
export async function insertProcess(
  tx: Tx,
  nodeId: string,
  v: { key: string; name: string; description: string; progressId: string; formId: string | null },
): Promise<ProcessRow | undefined> {
  const [row] = await tx
    .insert(processes)
    .values({ nodeId, ...v })
    .onConflictDoNothing()
    .returning()
  return row
}

export async function updateProcess(
  tx: Tx,
  nodeId: string,
  id: string,
  set: Partial<Pick<ProcessRow, 'key' | 'name' | 'description' | 'progressId' | 'formId'>>,
) {
  await tx
    .update(processes)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, id)))
}

export async function deleteProcess(tx: Tx, nodeId: string, id: string) {
  await tx.delete(processes).where(and(eq(processes.nodeId, nodeId), eq(processes.id, id)))
}

export interface TransitionValues {
  from_status_id: string
  to_status_id: string
  right: string | null
  team_ids: string[]
  required_fields: string[]
}

export async function replaceTransitions(
  tx: Tx,
  nodeId: string,
  processId: string,
  list: TransitionValues[],
) {
  await tx
    .delete(processTransitions)
    .where(and(eq(processTransitions.nodeId, nodeId), eq(processTransitions.processId, processId)))
  if (list.length > 0)
    await tx.insert(processTransitions).values(
      list.map((t) => ({
        nodeId,
        processId,
        fromStatusId: t.from_status_id,
        toStatusId: t.to_status_id,
        rightCode: t.right,
        teamIds: [...new Set(t.team_ids)],
        requiredFields: [...new Set(t.required_fields)],
      })),
    )
}

export async function replaceFieldRules(
  tx: Tx,
  nodeId: string,
  processId: string,
  list: { status_id: string; field: string; rule: 'required' | 'readonly' }[],
) {
  await tx
    .delete(processFieldRules)
    .where(and(eq(processFieldRules.nodeId, nodeId), eq(processFieldRules.processId, processId)))
  if (list.length > 0)
    await tx
      .insert(processFieldRules)
      .values(list.map((r) => ({ nodeId, processId, statusId: r.status_id, field: r.field, rule: r.rule })))
}

/** Whether the process has tasks now: such a process is not deleted (processes.process_in_use). */
export async function hasTasks(db: Db | Tx, nodeId: string, processId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.nodeId, nodeId), eq(tasks.processId, processId)))
    .limit(1)
  return row !== undefined
}

/**
 * Whether the process ever numbered a task: its key is then part of `{KEY}-{n}` keys handed out,
 * and does not change (processes.key_locked). The counter only grows.
 */
export const hadTasks = (p: ProcessRow) => p.taskCounter > 0

/**
 * Task rights take process keys as attributes (PRODUCT.md §3): when a key changes, the grants that
 * name it follow, or they would silently stop applying to the process.
 */
export async function renameKeyInRights(tx: Tx, nodeId: string, from: string, to: string) {
  await tx.execute(sql`
    update ${rights} set attributes = (
      select jsonb_agg(case when a = ${from} then ${to} else a end)
        from jsonb_array_elements_text(${rights.attributes}) as a)
     where ${rights.nodeId} = ${nodeId} and ${rights.attributes} @> ${JSON.stringify([from])}::jsonb`)
}
