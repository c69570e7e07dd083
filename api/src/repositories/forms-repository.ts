import type { FormDefinition } from '@domain/forms/definition'
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { formBindings, forms } from '../db/schema'

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
      ? sql`${forms.id} in (select ${formBindings.formId} from ${formBindings}
              where ${formBindings.nodeId} = ${nodeId} and ${formBindings.targetType} = 'process'
                and ${formBindings.targetId} = ${f.process_id})`
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

/** The processes each of these forms is bound to, by form id. */
export async function processesOfForms(
  db: Db | Tx,
  nodeId: string,
  formIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(formIds.map((id) => [id, []]))
  if (formIds.length === 0) return out
  const rows = await db
    .select({ formId: formBindings.formId, targetId: formBindings.targetId })
    .from(formBindings)
    .where(
      and(
        eq(formBindings.nodeId, nodeId),
        eq(formBindings.targetType, 'process'),
        inArray(formBindings.formId, formIds),
      ),
    )
    .orderBy(asc(formBindings.targetId))
  for (const r of rows) out.get(r.formId)?.push(r.targetId)
  return out
}

/** Binds the process to the form, replacing the form it had. */
export async function bindProcess(tx: Tx, nodeId: string, processId: string, formId: string) {
  await tx
    .insert(formBindings)
    .values({ nodeId, targetType: 'process', targetId: processId, formId })
    .onConflictDoUpdate({
      target: [formBindings.nodeId, formBindings.targetType, formBindings.targetId],
      set: { formId, createdAt: new Date() },
    })
}

/** Removes the process's binding; the form it had, or undefined when it had none. */
export async function unbindProcess(tx: Tx, nodeId: string, processId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(formBindings)
    .where(
      and(
        eq(formBindings.nodeId, nodeId),
        eq(formBindings.targetType, 'process'),
        eq(formBindings.targetId, processId),
      ),
    )
    .returning({ formId: formBindings.formId })
  return row?.formId
}

/** The form a process creates and edits its tasks with, if it has one. */
export async function formOfProcessRow(db: Db | Tx, nodeId: string, processId: string) {
  const [row] = await db
    .select({ form: forms })
    .from(formBindings)
    .innerJoin(forms, and(eq(forms.nodeId, formBindings.nodeId), eq(forms.id, formBindings.formId)))
    .where(
      and(
        eq(formBindings.nodeId, nodeId),
        eq(formBindings.targetType, 'process'),
        eq(formBindings.targetId, processId),
      ),
    )
    .limit(1)
  return row?.form
}
