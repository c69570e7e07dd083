import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { conformName } from '~/components/admin/detail-errors'
import {
  applyOp,
  checkDraft,
  draftFromJson,
  formBody,
  parseIntent,
  previewOf,
  readDraft,
} from '~/components/admin-forms/draft'
import { formHref, formsHref, readListQuery } from '~/components/admin-forms/paths'
import type { FormEditorReply } from '~/components/admin-forms/reply'
import { formSchemaOf } from '~/fields/form/description'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { translator } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import type { Schema } from '~/lib/upstream/types'
import type { Upstream } from '~/lib/upstream.server'
import { resultToasts } from './__admin.server'
import { allFields, definitionOf, requireFieldsAdmin, withTexts } from './__fields.server'

/** A form of the node as the upstream answers it. */
export type NodeForm = Schema<'Form'>

/** The node's fields as definitions, for the editor's picker and preview. */
export async function nodeDefinitions(api: Upstream, nodeId: string) {
  return (await allFields(api, nodeId)).map(definitionOf)
}

const rev = () => crypto.randomUUID()

/**
 * The Add and Editing dialogs' action (PRODUCT.md §5 forms). Without JavaScript every button of the
 * editor posts the whole draft with its intent: a step (add a field, move it, add a tab…) answers
 * the new draft; `preview` checks the preview's values with the generic form's schema; `delete`
 * deletes after the confirm step; `save` checks the draft with the upstream's schema and sends it.
 */
export async function formEditorAction(request: Request, stored?: NodeForm) {
  const { api, node } = await requireFieldsAdmin(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = readListQuery(new URL(request.url).searchParams)
  const intent = String(formData.get('intent') ?? 'save')

  if (intent === 'delete' && stored) {
    const res = await api.del('/api/forms/{nodeId}/{formId}', {
      path: { nodeId: node.id, formId: stored.id },
    })
    if (res.ok)
      return redirectWithToast(request, formsHref(query), ...resultToasts(res, 'forms.form_deleted'))
    return redirectWithToast(
      request,
      formHref(stored.id, query),
      ...res.detail.map((d) => ({ type: 'warning' as const, code: d.type, params: d.ctx })),
      ...(res.detail.length ? [] : resultToasts(res, 'value_error')),
    )
  }

  const defs = await nodeDefinitions(api, node.id)
  if (intent === 'preview') {
    const draft = draftFromJson(formData.get('draft'))
    const { definitions, description } = previewOf(draft, defs)
    const submission = parseWithZod(formData, { schema: formSchemaOf(definitions, description) })
    return data<FormEditorReply>({
      rev: rev(),
      draft,
      preview: submission.reply(),
      previewPassed: submission.status === 'success',
    })
  }

  const draft = readDraft(formData)
  const op = parseIntent(intent, String(formData.get('pick') ?? ''))
  if (op) {
    const t = await translator(request)
    return data<FormEditorReply>({
      rev: rev(),
      draft: applyOp(draft, op, (n) => t('admin_forms.tabs.default', { n })),
    })
  }

  const checked = checkDraft(draft, defs, await translator(request))
  if (!checked.body)
    return data<FormEditorReply>({ rev: rev(), draft, errors: checked.errors }, { status: 400 })
  const version = Number(formData.get('version'))
  const res = stored
    ? await api.patch('/api/forms/{nodeId}/{formId}', {
        path: { nodeId: node.id, formId: stored.id },
        body: { ...formBody(draft), ...(Number.isInteger(version) && version > 0 ? { version } : {}) },
      })
    : await api.post('/api/forms/{nodeId}', { path: { nodeId: node.id }, body: formBody(draft) })
  if (res.ok)
    return redirectWithToast(
      request,
      formsHref(query),
      ...resultToasts(res, stored ? 'forms.form_edited' : 'forms.form_created'),
    )
  return data<FormEditorReply>(
    { rev: rev(), draft, ...placeDetail(await withTexts(request, res.detail), res.status) },
    { status: res.status >= 400 && res.status < 500 ? res.status : 502 },
  )
}

/** The upstream's refusal at the inputs its `loc` names (`['body','fields',0,'grid']`), else above. */
function placeDetail(detail: Awaited<ReturnType<typeof withTexts>>, status: number) {
  const errors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const d of detail) {
    if (d.loc?.[0] === 'body' && d.loc.length > 1) {
      const name = conformName(d.loc.slice(1))
      errors[name] = [...(errors[name] ?? []), d.type]
    } else formErrors.push(d.type)
  }
  if (!formErrors.length && !Object.keys(errors).length)
    formErrors.push(status >= 500 ? 'server.error' : 'value_error')
  return { errors, formErrors }
}
