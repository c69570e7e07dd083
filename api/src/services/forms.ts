import {
  checkFormFields,
  type FormDefinition,
  formDefinitionSchema,
  formEditableNames,
} from '@domain/forms/definition'
import type { Db, Tx } from '../db/client'
import { mapConstraints } from '../db/constraints'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { issueToDetail } from '../http/error-handler'
import { AppError, detailAt, InvalidInput, notFound } from '../http/errors'
import { writeAudit } from '../repositories/audit-repository'
import { lockFieldsOfNode } from '../repositories/fields-repository'
import {
  deleteFormRow,
  type FormFilter,
  type FormRow,
  findForm,
  formNameTaken,
  formOfProcessRow,
  insertForm,
  listForms as listFormRows,
  processesOfForms,
  setProcessForm,
  updateForm,
} from '../repositories/forms-repository'
import { requireNodeRight } from './access'
import { nodeDefinitions } from './custom-fields'

export const presentForm = (r: FormRow, processIds: string[] = []) => ({
  id: r.id,
  name: r.name,
  layout: r.layout,
  fields: r.fields,
  editable: r.editable,
  visible: r.visible,
  tabs: r.tabs,
  /** The processes that create and edit their tasks with this form (POST /forms/bind-form). */
  process_ids: processIds,
  version: r.version,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
})

export async function listForms(db: Db, c: Caller, nodeId: string, q: Pagination & FormFilter) {
  await requireNodeRight(db, c.auth, nodeId)
  const { rows, total } = await listFormRows(db, nodeId, q, q)
  const bound = await processesOfForms(
    db,
    nodeId,
    rows.map((r) => r.id),
  )
  return { rows: rows.map((r) => presentForm(r, bound.get(r.id))), total }
}

/** One form of the node with the processes bound to it. */
export async function getForm(db: Db, c: Caller, nodeId: string, formId: string) {
  await requireNodeRight(db, c.auth, nodeId)
  const row = await findForm(db, nodeId, formId)
  if (!row) throw notFound('forms.form_not_found', ['params', 'formId'])
  const bound = await processesOfForms(db, nodeId, [row.id])
  return presentForm(row, bound.get(row.id))
}

/** The entries must name fields of the node (system or custom); their defaults suit those fields. */
async function requireKnownFields(tx: Tx, nodeId: string, form: FormDefinition) {
  const issues = checkFormFields(form, await nodeDefinitions(tx, nodeId))
  if (issues.length) throw new InvalidInput(issues.map((i) => detailAt(['body'], i)))
}

export async function createForm(db: Db, c: Caller, nodeId: string, form: FormDefinition) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    // The same lock as field writes: a field cannot be deleted under a form being saved with it.
    await lockFieldsOfNode(tx, nodeId)
    await requireKnownFields(tx, nodeId, form)
    if (await formNameTaken(tx, nodeId, form.name))
      throw new AppError(409, 'forms.form_already_exists', ['body', 'name'])
    const row = await insertForm(tx, nodeId, form)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'forms.form_created',
      targetId: row.id,
      data: { name: row.name },
      requestId: c.requestId,
    })
    return presentForm(row)
  })
}

export type FormPatch = Partial<FormDefinition> & { version?: number }

/** Edits a form: the keys sent replace the stored ones, and the whole form is checked again. */
export async function editForm(db: Db, c: Caller, nodeId: string, formId: string, patch: FormPatch) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    const row = await findForm(tx, nodeId, formId)
    if (!row) throw notFound('forms.form_not_found')
    if (patch.version !== undefined && patch.version !== row.version)
      throw new AppError(409, 'forms.form_conflict', ['body', 'version'])
    const { version: _, ...keys } = patch
    const parsed = formDefinitionSchema.safeParse({
      name: row.name,
      layout: row.layout,
      fields: row.fields,
      editable: row.editable,
      visible: row.visible,
      tabs: row.tabs,
      ...Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined)),
    })
    if (!parsed.success) throw new InvalidInput(parsed.error.issues.map((i) => issueToDetail(i, 'body')))
    const form = parsed.data
    await requireKnownFields(tx, nodeId, form)
    if (
      form.name.toLowerCase() !== row.name.toLowerCase() &&
      (await formNameTaken(tx, nodeId, form.name, formId))
    )
      throw new AppError(409, 'forms.form_already_exists', ['body', 'name'])
    const saved = await updateForm(tx, nodeId, formId, form)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'forms.form_edited',
      targetId: formId,
      data: { name: saved.name, version: saved.version },
      requestId: c.requestId,
    })
    const bound = await processesOfForms(tx, nodeId, [formId])
    return presentForm(saved, bound.get(formId))
  })
}

/**
 * Deletes a form. Refused while a process creates its tasks with it (409 forms.form_in_use): a
 * process must never be left without its form by accident; bind it to another form first.
 */
export async function deleteForm(db: Db, c: Caller, nodeId: string, formId: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    const row = await findForm(tx, nodeId, formId)
    if (!row) throw notFound('forms.form_not_found')
    const processes = (await processesOfForms(tx, nodeId, [formId])).get(formId) ?? []
    if (processes.length)
      throw new AppError(409, 'forms.form_in_use', ['params', 'formId'], { processes: processes.join(', ') })
    // A process bound to it meanwhile (processes.form_id's key) is the same refusal.
    await mapConstraints(() => deleteFormRow(tx, nodeId, formId), {
      foreignKey: () => new AppError(409, 'forms.form_in_use', ['params', 'formId']),
    })
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'forms.form_deleted',
      targetId: formId,
      data: { name: row.name },
      requestId: c.requestId,
    })
    return { id: formId }
  })
}

/**
 * Binds a process to the form it creates and edits its tasks with (PRODUCT.md §4), replacing the
 * form it had; `form_id: null` unbinds it. Sets processes.form_id, the one link between them (ADR
 * 008, superseded part): a process of another node, or none, is 404 like an unknown form.
 */
export async function bindForm(
  db: Db,
  c: Caller,
  nodeId: string,
  input: { process_id: string; form_id: string | null },
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    await lockFieldsOfNode(tx, nodeId)
    if (input.form_id !== null && !(await findForm(tx, nodeId, input.form_id)))
      throw new AppError(404, 'forms.form_not_found', ['body', 'form_id'])
    const set = await setProcessForm(tx, nodeId, input.process_id, input.form_id)
    if (!set) throw new AppError(404, 'processes.process_not_found', ['body', 'process_id'])
    const code = input.form_id === null ? 'forms.form_unbound' : 'forms.form_bound'
    if (set.previous !== input.form_id)
      await writeAudit(tx, {
        nodeId,
        actorId: c.auth.user.id,
        action: code,
        targetId: input.form_id ?? set.previous ?? input.process_id,
        data: { process_id: input.process_id, previous_form_id: set.previous },
        requestId: c.requestId,
      })
    return { code, data: { process_id: input.process_id, form_id: input.form_id } }
  })
}

/**
 * For the tasks' services (no access check: theirs comes first): the form a process creates and
 * edits its tasks with, and the names that form lets a user change — what validateCustomFields
 * takes as `editable`. Undefined when the process has no form.
 */
export async function formOfProcess(db: Db | Tx, nodeId: string, processId: string) {
  const form = await formOfProcessRow(db, nodeId, processId)
  return form && { form: presentForm(form), editable: formEditableNames(form) }
}
