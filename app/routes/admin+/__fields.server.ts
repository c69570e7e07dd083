import { parseWithZod } from '@conform-to/zod'
import type { DetailEntry } from '@domain/errors/catalogue'
import { fieldDefinitionSchema } from '@domain/fields/definition'
import type { FieldDefinition, FieldType } from '@domain/fields/types'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { detailErrors } from '~/components/admin/detail-errors'
import {
  CHANGE_TYPE_INTENT,
  carryOver,
  DEFAULT_TYPE,
  editorDefinitions,
  editorDescription,
  type FieldEditorReply,
  fieldBody,
  issueErrors,
  readType,
  TYPE_INPUT,
} from '~/components/admin-fields/editor-definitions'
import { fieldHref, fieldsHref, readListQuery } from '~/components/admin-fields/paths'
import { formSchemaOf } from '~/fields/form/description'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { translator } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import type { Schema } from '~/lib/upstream/types'
import type { Upstream } from '~/lib/upstream.server'
import { loadAll, requireAdminApi, resultToasts } from './__admin.server'

/** A field of the node as the upstream answers it (system ones first in its list). */
export type NodeField = Schema<'Field'>

/** Loaders and actions of /admin/fields and /admin/forms: is_admin, as /admin/users checks it. */
export const requireFieldsAdmin = requireAdminApi

/** Every field of the node: what a form may place. */
export const allFields = (api: Upstream, nodeId: string) => loadAll(api, '/api/fields/{nodeId}', nodeId)

/**
 * The field as a definition (what the generic form and the domain's rules take). The contract
 * types a field's type and settings loosely (any registered type); the upstream checked them with
 * the same domain schema on the way in.
 */
export const definitionOf = (f: NodeField): FieldDefinition => ({
  name: f.name,
  type: f.type as FieldType,
  title: f.title,
  settings: f.settings as FieldDefinition['settings'],
  ...(f.structure?.length ? { structure: f.structure as FieldDefinition[] } : {}),
  ...(f.system ? { system: true } : {}),
})

/**
 * An upstream refusal's entries with parameters (`{forms}`, `{field}`) translated here: conform's
 * errors are codes the page translates without parameters, and a text that is no key is shown as is.
 */
export async function withTexts(request: Request, detail: DetailEntry[]): Promise<DetailEntry[]> {
  if (!detail.some((d) => d.ctx)) return detail
  const t = await translator(request)
  return detail.map((d) => (d.ctx ? { ...d, type: t(d.type, d.ctx) } : d))
}

/**
 * The Add and Editing dialogs' action. `change-type` (the type's button without JavaScript) answers
 * the values the new type keeps; `delete` (after the confirm step) deletes; anything else saves:
 * the generic form's schema (the same as the browser's), then the whole definition by the
 * upstream's own schema, then POST or PATCH. Refusals come back as errors at their inputs.
 */
export async function fieldEditorAction(request: Request, stored?: NodeField) {
  const { api, node } = await requireFieldsAdmin(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = readListQuery(new URL(request.url).searchParams)
  const intent = formData.get('intent')

  if (intent === 'delete' && stored) {
    const res = await api.del('/api/fields/{nodeId}/{fieldId}', {
      path: { nodeId: node.id, fieldId: stored.id },
    })
    if (res.ok)
      return redirectWithToast(request, fieldsHref(query), ...resultToasts(res, 'fields.field_deleted'))
    return redirectWithToast(
      request,
      fieldHref(stored.id, query),
      ...res.detail.map((d) => ({ type: 'warning' as const, code: d.type, params: d.ctx })),
      ...(res.detail.length ? [] : resultToasts(res, 'value_error')),
    )
  }

  if ((intent === 'index' || intent === 'unindex') && stored) {
    // The mark alone (Editing → Index): the build runs on the upstream after its answer.
    const res = await api.patch('/api/fields/{nodeId}/{fieldId}', {
      path: { nodeId: node.id, fieldId: stored.id },
      body: { indexed: intent === 'index' },
    })
    if (res.ok)
      return redirectWithToast(
        request,
        fieldHref(stored.id, query),
        ...resultToasts(res, 'fields.field_edited'),
      )
    return redirectWithToast(
      request,
      fieldHref(stored.id, query),
      ...res.detail.map((d) => ({ type: 'warning' as const, code: d.type, params: d.ctx })),
      ...(res.detail.length ? [] : resultToasts(res, 'value_error')),
    )
  }

  const type = readType(formData.get(TYPE_INPUT), (stored?.type as FieldType | undefined) ?? DEFAULT_TYPE)
  if (intent === CHANGE_TYPE_INTENT) {
    const from = readType(formData.get('from_type'), type)
    const payload = parseWithZod(formData, { schema: z.any() }).payload as Record<string, unknown>
    return data<FieldEditorReply>({
      intent: CHANGE_TYPE_INTENT,
      type,
      values: carryOver(payload, from, type),
    })
  }

  const defs = editorDefinitions(type)
  const submission = parseWithZod(formData, { schema: formSchemaOf(defs, editorDescription(defs)) })
  if (submission.status !== 'success')
    return data<FieldEditorReply>({ intent: 'save', type, result: submission.reply() }, { status: 400 })
  const body = fieldBody(submission.value as Record<string, unknown>, type)
  const checked = fieldDefinitionSchema.safeParse(body)
  if (!checked.success) {
    const fieldErrors = issueErrors(checked.error.issues, await translator(request))
    return data<FieldEditorReply>(
      { intent: 'save', type, result: submission.reply({ fieldErrors }) },
      { status: 400 },
    )
  }

  const res = stored
    ? await api.patch('/api/fields/{nodeId}/{fieldId}', {
        path: { nodeId: node.id, fieldId: stored.id },
        body: patchOf(stored, checked.data, formData),
      })
    : await api.post('/api/fields/{nodeId}', { path: { nodeId: node.id }, body: checked.data })
  if (res.ok)
    return redirectWithToast(
      request,
      fieldsHref(query),
      ...resultToasts(res, stored ? 'fields.field_edited' : 'fields.field_created'),
    )
  const known = [...defs.map((d) => d.name), TYPE_INPUT]
  const { fieldErrors, formErrors } = detailErrors(await withTexts(request, res.detail), known)
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0)
    formErrors.push(res.status >= 500 ? 'server.error' : 'value_error')
  return data<FieldEditorReply>(
    { intent: 'save', type, result: submission.reply({ fieldErrors, formErrors }) },
    { status: res.status >= 400 && res.status < 500 ? res.status : 502 },
  )
}

/**
 * PATCH merges settings key by key: a setting the editor no longer has (cleared, or the old type's)
 * is sent as null to remove it; the version the dialog was opened at detects a concurrent save.
 */
function patchOf(stored: NodeField, def: FieldDefinition, formData: FormData) {
  const removed = Object.fromEntries(Object.keys(stored.settings).map((k) => [k, null]))
  const version = Number(formData.get('version'))
  return {
    name: def.name,
    type: def.type,
    title: def.title,
    settings: { ...removed, ...def.settings },
    structure: def.structure ?? null,
    ...(Number.isInteger(version) && version > 0 ? { version } : {}),
  }
}
