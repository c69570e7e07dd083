import { parseWithZod } from '@conform-to/zod'
import type { FieldDefinition } from '@domain/fields/types'
import { formSchemaOf } from '~/fields/form/description'
import { taskPayload } from './payload'

/*
 * The edit form of a bulk edit as the patch POST /tasks/{nodeId}/rql reads. A field changes only
 * when its "change" box is ticked (as Jira's bulk change asks): an empty field left unticked is left
 * alone, an empty field ticked is cleared. Values are parsed with the same schema the task forms use
 * (formSchemaOf over the field definitions), so a bulk edit takes exactly what a single edit takes.
 */

export interface PatchOffer {
  assignee: FieldDefinition | null
  fields: FieldDefinition[]
  statuses: { status_id: string }[]
}

/** What the user posted, to render the form again as it was. */
export interface Posted {
  status: string
  changed: string[]
  values: Record<string, unknown>
}

export type ReadPatch =
  | { ok: true; patch: Record<string, unknown>; posted: Posted }
  | { ok: false; errors: Record<string, string[]>; formErrors: string[]; posted: Posted }

export function readPatch(formData: FormData, offer: PatchOffer): ReadPatch {
  const defs = [...(offer.assignee ? [offer.assignee] : []), ...offer.fields]
  const offered = new Set(defs.map((d) => d.name))
  const wanted = String(formData.get('status_id') ?? '')
  const status = offer.statuses.some((s) => s.status_id === wanted) ? wanted : ''
  const changed = [...new Set(formData.getAll('change').map(String))].filter((n) => offered.has(n))
  const chosen = defs.filter((d) => changed.includes(d.name))
  const submission = parseWithZod(formData, {
    schema: formSchemaOf(chosen, {
      layout: 'simple',
      fields: chosen.map((d) => ({ name: d.name })),
      editable: chosen.map((d) => d.name),
    }),
  })
  const values = (submission.payload ?? {}) as Record<string, unknown>
  const posted = { status, changed, values }
  if (!status && chosen.length === 0)
    return { ok: false, errors: {}, formErrors: ['bulk.nothing_to_change'], posted }
  if (submission.status !== 'success') {
    const errors: Record<string, string[]> = {}
    for (const [name, codes] of Object.entries(submission.error ?? {}))
      if (codes?.length) errors[name] = codes
    return { ok: false, errors, formErrors: errors[''] ?? [], posted }
  }
  const patch = taskPayload(submission.value as Record<string, unknown>)
  // A ticked field left empty is cleared: the schema reads it as absent, the patch says null.
  const custom = { ...((patch.custom_fields as Record<string, unknown> | undefined) ?? {}) }
  for (const d of chosen) {
    if (d.name === 'assignee') patch.assignee_id ??= null
    else if (!(d.name in custom)) custom[d.name] = null
  }
  if (Object.keys(custom).length) patch.custom_fields = custom
  if (status) patch.status_id = status
  return { ok: true, patch, posted }
}
