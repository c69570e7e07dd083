import type { FieldDefinition } from '@domain/fields/types'
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { fields, forms } from '../db/schema'

export type FieldRow = typeof fields.$inferSelect

/** Names compared byte by byte: the same order on every server, whatever its locale. */
const byName = sql`${fields.name} collate "C"`

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Serialises the writes to a node's fields and forms for the rest of the transaction: "is this
 * field used by a form" and "does this field exist" stay true until the write that relied on them
 * commits. Admin writes are rare, so one lock per node costs nothing.
 */
export async function lockFieldsOfNode(tx: Tx, nodeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(7310002, hashtext(${nodeId}))`)
}

export const toDefinition = (r: FieldRow): FieldDefinition => ({
  name: r.name,
  type: r.type,
  title: r.title,
  settings: r.settings,
  ...(r.structure?.length ? { structure: r.structure } : {}),
  // Queries read the value through its index only once the index is valid (services/field-indexes.ts).
  ...(r.indexed && r.indexState === 'ready' ? { indexed: true } : {}),
})

/** Every custom field of the node, by name: what its forms and its tasks' values are checked against. */
export async function customFieldsOf(db: Db | Tx, nodeId: string): Promise<FieldRow[]> {
  return db.select().from(fields).where(eq(fields.nodeId, nodeId)).orderBy(byName)
}

export interface FieldFilter {
  search?: string
  type?: string
}

const filterWhere = (nodeId: string, f: FieldFilter) => {
  const pattern = f.search ? `%${escapeLike(f.search)}%` : null
  return and(
    eq(fields.nodeId, nodeId),
    pattern ? or(sql`${fields.name} ilike ${pattern}`, sql`${fields.title} ilike ${pattern}`) : undefined,
    f.type ? eq(fields.type, f.type as FieldRow['type']) : undefined,
  )
}

export async function countCustomFields(db: Db, nodeId: string, f: FieldFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(fields).where(filterWhere(nodeId, f))
  return Number(row?.n ?? 0)
}

/** One slice of the node's custom fields, by name then id (a total order: pages never overlap). */
export async function listCustomFields(
  db: Db,
  nodeId: string,
  f: FieldFilter,
  slice: { offset: number; limit: number },
): Promise<FieldRow[]> {
  if (slice.limit <= 0) return []
  return db
    .select()
    .from(fields)
    .where(filterWhere(nodeId, f))
    .orderBy(byName, asc(fields.id))
    .limit(slice.limit)
    .offset(slice.offset)
}

export async function findField(db: Db | Tx, nodeId: string, id: string): Promise<FieldRow | undefined> {
  const [row] = await db
    .select()
    .from(fields)
    .where(and(eq(fields.nodeId, nodeId), eq(fields.id, id)))
    .limit(1)
  return row
}

/**
 * A field whose name equals `name`, or that nests under it, or under which it nests
 * ('cf_address' and 'cf_address.city'): one form cannot hold both a field and a group of that name.
 */
export async function overlappingField(
  db: Db | Tx,
  nodeId: string,
  name: string,
  exceptId?: string,
): Promise<FieldRow | undefined> {
  const [row] = await db
    .select()
    .from(fields)
    .where(
      and(
        eq(fields.nodeId, nodeId),
        exceptId ? ne(fields.id, exceptId) : undefined,
        or(
          eq(fields.name, name),
          sql`starts_with(${fields.name}, ${`${name}.`})`,
          sql`starts_with(${name}::text, ${fields.name} || '.')`,
        ),
      ),
    )
    // The exact name first: "already exists" says more than "overlaps".
    .orderBy(sql`${fields.name} = ${name} desc`, byName)
    .limit(1)
  return row
}

export async function insertField(tx: Tx, nodeId: string, def: FieldDefinition): Promise<FieldRow> {
  const [row] = await tx
    .insert(fields)
    .values({
      nodeId,
      name: def.name,
      type: def.type,
      title: def.title,
      settings: def.settings,
      structure: def.structure ?? null,
    })
    .returning()
  return row!
}

/** How many of the node's fields are marked indexed (the limit counts marks, whatever their state). */
export async function countIndexedFields(db: Db | Tx, nodeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fields)
    .where(and(eq(fields.nodeId, nodeId), eq(fields.indexed, true)))
  return Number(row?.n ?? 0)
}

export async function updateField(
  tx: Tx,
  nodeId: string,
  id: string,
  def: FieldDefinition,
  index: Pick<FieldRow, 'indexed' | 'indexState'>,
): Promise<FieldRow> {
  const [row] = await tx
    .update(fields)
    .set({
      name: def.name,
      type: def.type,
      title: def.title,
      settings: def.settings,
      structure: def.structure ?? null,
      indexed: index.indexed,
      indexState: index.indexState,
      version: sql`${fields.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(fields.nodeId, nodeId), eq(fields.id, id)))
    .returning()
  return row!
}

export async function deleteFieldRow(tx: Tx, nodeId: string, id: string) {
  await tx.delete(fields).where(and(eq(fields.nodeId, nodeId), eq(fields.id, id)))
}

/** The forms of the node with an entry for this field (served by forms_fields_gin). */
export async function formsUsingField(
  db: Db | Tx,
  nodeId: string,
  name: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: forms.id, name: forms.name })
    .from(forms)
    .where(and(eq(forms.nodeId, nodeId), sql`${forms.fields} @> ${JSON.stringify([{ name }])}::jsonb`))
    .orderBy(sql`${forms.name} collate "C"`)
}
