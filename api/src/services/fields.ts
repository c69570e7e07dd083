import { createHash } from 'node:crypto'
import { fieldDefinitionSchema } from '@domain/fields/definition'
import { indexableField } from '@domain/fields/indexable'
import { SYSTEM_FIELDS } from '@domain/fields/system'
import type { FieldDefinition, FieldSettings } from '@domain/fields/types'
import type { ZodIssue } from 'zod'
import type { Db, Tx } from '../db/client'
import type { IndexState } from '../db/schema'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { issueToDetail } from '../http/error-handler'
import { AppError, badInput, InvalidInput, notFound } from '../http/errors'
import { writeAudit } from '../repositories/audit-repository'
import {
  countCustomFields,
  countIndexedFields,
  deleteFieldRow,
  type FieldFilter,
  type FieldRow,
  findField,
  formsUsingField,
  insertField,
  listCustomFields,
  lockFieldsOfNode,
  overlappingField,
  updateField,
} from '../repositories/fields-repository'
import { requireNodeRight } from './access'

/** A stable id per system field name, the same in every node (a name-based UUID, version 5 style). */
function systemFieldId(name: string): string {
  const h = createHash('sha1').update(`nodus:system-field:${name}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString('hex')
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

const SYSTEM = SYSTEM_FIELDS.map((def) => ({ id: systemFieldId(def.name), def }))
const isSystemFieldId = (id: string) => SYSTEM.some((s) => s.id === id)

/** A field as the API shows it. System fields have no version or dates: nobody edits them. */
export interface FieldOut {
  id: string
  name: string
  type: string
  title: string
  settings: FieldSettings
  structure: FieldDefinition[] | null
  system: boolean
  /** Marked by an administrator: the upstream keeps an index on the value (issue 28). */
  indexed: boolean
  /** That index's state while marked; null when not (and for system fields). */
  index_state: IndexState | null
  version: number | null
  created_at: string | null
  updated_at: string | null
}

const presentSystem = ({ id, def }: (typeof SYSTEM)[number]): FieldOut => ({
  id,
  name: def.name,
  type: def.type,
  title: def.title,
  settings: def.settings,
  structure: def.structure ?? null,
  system: true,
  indexed: false,
  index_state: null,
  version: null,
  created_at: null,
  updated_at: null,
})

export const presentField = (r: FieldRow): FieldOut => ({
  id: r.id,
  name: r.name,
  type: r.type,
  title: r.title,
  settings: r.settings,
  structure: r.structure?.length ? r.structure : null,
  system: false,
  indexed: r.indexed,
  index_state: r.indexed ? r.indexState : null,
  version: r.version,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
})

/**
 * The node's fields, system fields first (in their fixed order), then custom ones by name, one
 * page at a time: the page is cut from that one sequence.
 */
export async function listFields(db: Db, c: Caller, nodeId: string, q: Pagination & FieldFilter) {
  await requireNodeRight(db, c.auth, nodeId)
  const needle = q.search?.toLowerCase()
  const system = SYSTEM.filter(
    ({ def }) =>
      (!needle || def.name.includes(needle) || def.title.toLowerCase().includes(needle)) &&
      (!q.type || def.type === q.type),
  )
  const offset = (q.page - 1) * q.per_page
  const shown = system.slice(offset, offset + q.per_page).map(presentSystem)
  const [custom, customTotal] = await Promise.all([
    listCustomFields(db, nodeId, q, {
      offset: Math.max(0, offset - system.length),
      limit: q.per_page - shown.length,
    }),
    countCustomFields(db, nodeId, q),
  ])
  return { rows: [...shown, ...custom.map(presentField)], total: system.length + customTotal }
}

/** One field of the node: a system field by its fixed id, or a custom one of this node. */
export async function getField(db: Db, c: Caller, nodeId: string, fieldId: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const system = SYSTEM.find((s) => s.id === fieldId)
  if (system) return presentSystem(system)
  const row = await findField(db, nodeId, fieldId)
  if (!row) throw notFound('fields.field_not_found', ['params', 'fieldId'])
  return presentField(row)
}

/** Zod issues of a body check made in the service (a PATCH merged over the stored row). */
const invalidBody = (issues: ZodIssue[]) => new InvalidInput(issues.map((i) => issueToDetail(i, 'body')))

/** The name is free in the node: 409 when taken, 422 when it would nest under or over another field. */
async function requireFreeName(tx: Tx, nodeId: string, name: string, exceptId?: string) {
  const other = await overlappingField(tx, nodeId, name, exceptId)
  if (!other) return
  if (other.name === name) throw new AppError(409, 'fields.field_already_exists', ['body', 'name'])
  throw badInput('fields.field_name_overlaps', ['body', 'name'], { field: other.name })
}

function inUse(formsUsing: { name: string }[], loc: (string | number)[]) {
  return new AppError(409, 'fields.field_in_use', loc, { forms: formsUsing.map((f) => f.name).join(', ') })
}

export async function createField(db: Db, c: Caller, nodeId: string, def: FieldDefinition) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    await requireFreeName(tx, nodeId, def.name)
    const row = await insertField(tx, nodeId, def)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'fields.field_created',
      targetId: row.id,
      data: { name: row.name, type: row.type },
      requestId: c.requestId,
    })
    return presentField(row)
  })
}

export interface FieldPatch {
  name?: string
  type?: string
  title?: string
  /** Merged key by key into the stored settings; null removes a key. */
  settings?: Record<string, unknown>
  /** Replaces the stored children; null removes them. */
  structure?: unknown
  /** Marks the field indexed (at most `indexLimit` per node) or not. */
  indexed?: boolean
  version?: number
}

/** What an edit changed of the field's index: the caller reconciles the node's indexes after answering. */
export interface EditedField {
  field: FieldOut
  reindex: boolean
}

/**
 * Edits a custom field: the patch is merged over the stored definition and the whole is checked
 * again, as a new one would be. Renaming a field, or changing its type, is refused while a form
 * uses it (its entries and the values saved under the name would no longer match). System fields
 * cannot be edited: a form relabels them with its entry's `label`.
 */
export async function editField(
  db: Db,
  c: Caller,
  nodeId: string,
  fieldId: string,
  patch: FieldPatch,
  opts: { indexLimit: number },
): Promise<EditedField> {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  if (isSystemFieldId(fieldId)) throw badInput('fields.system_field_readonly', ['params', 'fieldId'])
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    const row = await findField(tx, nodeId, fieldId)
    if (!row) throw notFound('fields.field_not_found')
    if (patch.version !== undefined && patch.version !== row.version)
      throw new AppError(409, 'fields.field_conflict', ['body', 'version'])
    const parsed = fieldDefinitionSchema.safeParse({
      name: patch.name ?? row.name,
      type: patch.type ?? row.type,
      title: patch.title ?? row.title,
      settings: patch.settings === undefined ? row.settings : { ...row.settings, ...patch.settings },
      structure: patch.structure === undefined ? row.structure : patch.structure,
    })
    if (!parsed.success) throw invalidBody(parsed.error.issues)
    const def = parsed.data
    if (def.name !== row.name || def.type !== row.type) {
      const using = await formsUsingField(tx, nodeId, row.name)
      if (using.length) throw inUse(using, ['body', def.name !== row.name ? 'name' : 'type'])
    }
    if (def.name !== row.name) await requireFreeName(tx, nodeId, def.name, row.id)
    const index = await indexAfterEdit(tx, nodeId, row, def, patch.indexed, opts.indexLimit)
    const saved = await updateField(tx, nodeId, fieldId, def, index)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'fields.field_edited',
      targetId: fieldId,
      data: { name: saved.name, version: saved.version, indexed: saved.indexed },
      requestId: c.requestId,
    })
    const reindex = row.indexed !== saved.indexed || (saved.indexed && saved.indexState !== row.indexState)
    return { field: presentField(saved), reindex: reindex || (saved.indexed && saved.name !== row.name) }
  })
}

/**
 * The field's index mark and state after an edit. Marking needs a type whose one value a b-tree
 * orders (422 fields.field_not_indexable, also for a type change of a marked field) and room under
 * the node's limit (422 fields.indexed_limit). A new mark, a renamed field (its values now live
 * under the new key) or a failed one marked again is `building`; unmarking clears the state.
 */
async function indexAfterEdit(
  tx: Tx,
  nodeId: string,
  row: FieldRow,
  def: FieldDefinition,
  asked: boolean | undefined,
  limit: number,
): Promise<{ indexed: boolean; indexState: IndexState | null }> {
  const indexed = asked ?? row.indexed
  if (!indexed) return { indexed: false, indexState: null }
  if (!indexableField(def))
    throw badInput('fields.field_not_indexable', ['body', asked !== undefined ? 'indexed' : 'type'])
  if (!row.indexed && (await countIndexedFields(tx, nodeId)) >= limit)
    throw badInput('fields.indexed_limit', ['body', 'indexed'], { limit })
  const rebuild = !row.indexed || def.name !== row.name || (asked === true && row.indexState === 'failed')
  return { indexed: true, indexState: rebuild ? 'building' : row.indexState }
}

/**
 * Deletes a custom field. Refused while a form has an entry for it (409 fields.field_in_use,
 * naming the forms): take it off those forms first. System fields are never deleted.
 */
export async function deleteField(db: Db, c: Caller, nodeId: string, fieldId: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  if (isSystemFieldId(fieldId)) throw badInput('fields.system_field_not_deletable', ['params', 'fieldId'])
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    const row = await findField(tx, nodeId, fieldId)
    if (!row) throw notFound('fields.field_not_found')
    const using = await formsUsingField(tx, nodeId, row.name)
    if (using.length) throw inUse(using, ['params', 'fieldId'])
    await deleteFieldRow(tx, nodeId, fieldId)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'fields.field_deleted',
      targetId: fieldId,
      data: { name: row.name },
      requestId: c.requestId,
    })
    // An indexed field's index goes with it (the caller reconciles after answering).
    return { id: fieldId, reindex: row.indexed }
  })
}
