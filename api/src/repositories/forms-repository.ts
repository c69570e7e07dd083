import type { FormDefinition } from '@domain/forms/definition'
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { forms, processes } from '../db/schema'

export type FormRow = typeof forms.$inferSelect

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export interface FormFilter {
  search?: string
  /** Only the form bound to this process (at most one). */
  process_id?: string
}

const filterWhere = (nodeId: string, f: FormFilter) =>
  and(
    eq(forms.nodeId, nodeId),
    f.search ? sql`${forms.name} ilike ${`%${escapeLike(f.search)}%`}` : undefined,
    f.process_id
      ? sql`${forms.id} in (select ${processes.formId} from ${processes}
              where ${processes.nodeId} = ${nodeId} and ${processes.id} = ${f.process_id})`
      : undefined,
  )

/** One page of the node's forms by name, and how many match. */
export async function listForms(
  db: Db,
  nodeId: string,
  f: FormFilter,
  p: { page: number; per_page: number },
): Promise<{ rows: FormRow[]; total: number }> {
  const where = filterWhere(nodeId, f)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(forms)
      .where(where)
      .orderBy(sql`lower(${forms.name}) collate "C"`, asc(forms.id))
      .limit(p.per_page)
      .offset((p.page - 1) * p.per_page),
    db.select({ n: count() }).from(forms).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

export async function findForm(db: Db | Tx, nodeId: string, id: string): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.nodeId, nodeId), eq(forms.id, id)))
    .limit(1)
  return row
}

/** Form names are unique per node in any case (forms_node_name_uq). */
export async function formNameTaken(db: Db | Tx, nodeId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(
      and(
        eq(forms.nodeId, nodeId),
        sql`lower(${forms.name}) = lower(${name})`,
        exceptId ? ne(forms.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function insertForm(tx: Tx, nodeId: string, form: FormDefinition): Promise<FormRow> {
  const [row] = await tx
    .insert(forms)
    .values({ nodeId, ...form })
    .returning()
  return row!
}

export async function updateForm(tx: Tx, nodeId: string, id: string, form: FormDefinition): Promise<FormRow> {
  const [row] = await tx
    .update(forms)
    .set({ ...form, version: sql`${forms.version} + 1`, updatedAt: new Date() })
    .where(and(eq(forms.nodeId, nodeId), eq(forms.id, id)))
    .returning()
  return row!
}

export async function deleteFormRow(tx: Tx, nodeId: string, id: string) {
  await tx.delete(forms).where(and(eq(forms.nodeId, nodeId), eq(forms.id, id)))
}

/** The processes each of these forms is bound to (processes.form_id), by form id. */
export async function processesOfForms(
  db: Db | Tx,
  nodeId: string,
  formIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(formIds.map((id) => [id, []]))
  if (formIds.length === 0) return out
  const rows = await db
    .select({ formId: processes.formId, processId: processes.id })
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), inArray(processes.formId, formIds)))
    .orderBy(asc(processes.id))
  for (const r of rows) if (r.formId) out.get(r.formId)?.push(r.processId)
  return out
}

/**
 * Sets the form a process creates and edits its tasks with (null: none). Returns the form it had,
 * or undefined when the node has no such process.
 */
export async function setProcessForm(
  tx: Tx,
  nodeId: string,
  processId: string,
  formId: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await tx
    .select({ formId: processes.formId })
    .from(processes)
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, processId)))
    .for('update')
  if (!row) return undefined
  if (row.formId !== formId)
    await tx
      .update(processes)
      .set({ formId, updatedAt: new Date() })
      .where(and(eq(processes.nodeId, nodeId), eq(processes.id, processId)))
  return { previous: row.formId }
}

/** The form a process creates and edits its tasks with, if it has one. */
export async function formOfProcessRow(db: Db | Tx, nodeId: string, processId: string) {
  const [row] = await db
    .select({ form: forms })
    .from(processes)
    .innerJoin(forms, and(eq(forms.nodeId, processes.nodeId), eq(forms.id, processes.formId)))
    .where(and(eq(processes.nodeId, nodeId), eq(processes.id, processId)))
    .limit(1)
  return row?.form
}
