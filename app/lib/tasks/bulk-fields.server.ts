import type { FieldDefinition, FieldType } from '@domain/fields/types'
import { isEditableIn } from '~/fields/form/description'
import type { ChoiceOption } from '~/fields/options'
import type { Access } from '../access.server'
import { commonNames, type FlowOf } from './bulk-choices'
import { definitionOf, type FieldRow, formOptions, type OptionSources, taskForm } from './task-form'
import { processForm } from './tasks.server'

/*
 * The fields a bulk edit offers (issue 24 item 4): the custom fields every selected process's form
 * lets a task change (their definitions and labels as the first form has them), the assignee when
 * every form lets it change, and the fields a status on offer requires (so they can be filled in the
 * same edit). Types a bulk edit cannot set are left out: files need their task to upload to, a
 * password is one person's.
 */

const NOT_IN_BULK = new Set<FieldType>(['file', 'password', 'qrcode', 'text_copy'])

export async function bulkFields(
  request: Request,
  access: Access,
  rows: readonly FieldRow[],
  processes: readonly (FlowOf & { form_id: string | null })[],
  required: readonly string[],
  sources: OptionSources,
): Promise<{
  assignee: FieldDefinition | null
  fields: FieldDefinition[]
  options: Record<string, ChoiceOption[]>
}> {
  const forms = await Promise.all(
    processes.map(async (p) => taskForm(rows, await processForm(request, access, p), 'edit')),
  )
  const editable = forms.map((f) =>
    f.definitions
      .filter((d) => isEditableIn(f.description, d.name) && !NOT_IN_BULK.has(d.type))
      .map((d) => d.name),
  )
  const customs = editable.map((names) => names.filter((n) => n.startsWith('cf_')))
  const anyForm = new Set(customs.flat())
  const names = [
    ...new Set([...commonNames(customs), ...required.filter((n) => n.startsWith('cf_') && anyForm.has(n))]),
  ]
  const byName = new Map<string, FieldDefinition>()
  for (const f of forms) for (const d of f.definitions) if (!byName.has(d.name)) byName.set(d.name, d)
  const rowOf = new Map(rows.map((r) => [r.name, r]))
  // A bulk edit asks nothing: an empty field is one the user chose to clear.
  const loose = (name: string): FieldDefinition | null => {
    const def = byName.get(name) ?? (rowOf.has(name) ? definitionOf(rowOf.get(name)!) : undefined)
    if (!def) return null
    const { required: _required, default: _default, ...settings } = def.settings
    return { ...def, settings }
  }
  const fields = names.flatMap((n) => loose(n) ?? [])
  const assignee =
    processes.length > 0 && editable.every((names) => names.includes('assignee')) ? loose('assignee') : null
  return { assignee, fields, options: formOptions([...fields, ...(assignee ? [assignee] : [])], sources) }
}
