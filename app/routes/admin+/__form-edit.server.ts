import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { draftOf } from '~/components/admin-forms/draft'
import { formsHref, readListQuery } from '~/components/admin-forms/paths'
import type { FormEditorData } from '~/components/admin-forms/reply'
import { redirectWithToast } from '~/lib/session.server'
import { requireFieldsAdmin } from './__fields.server'
import { findForm, formEditorAction, type NodeForm, nodeDefinitions } from './__forms.server'

async function nodeForm(request: Request, formId: string): Promise<NodeForm> {
  const { api, node } = await requireFieldsAdmin(request)
  const form = await findForm(api, node.id, formId)
  if (!form) {
    const query = readListQuery(new URL(request.url).searchParams)
    throw await redirectWithToast(request, formsHref(query), {
      type: 'warning',
      code: 'forms.form_not_found',
    })
  }
  return form
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const form = await nodeForm(request, params.formId ?? '')
  const url = new URL(request.url)
  const editor: FormEditorData = {
    definitions: await nodeDefinitions(api, node.id),
    draft: draftOf(form),
    version: form.version,
  }
  return {
    form: { id: form.id, name: form.name, processes: form.process_ids.length },
    editor,
    query: readListQuery(url.searchParams),
    confirmDelete: url.searchParams.get('confirm') === 'delete',
  }
}

/** Editing: PATCH (or, after the confirm step, DELETE) /api/forms/{nodeId}/{formId}. */
export async function action({ request, params }: ActionFunctionArgs) {
  return formEditorAction(request, await nodeForm(request, params.formId ?? ''))
}
