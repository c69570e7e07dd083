import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { draftOf } from '~/components/admin-forms/draft'
import { formsHref, readListQuery } from '~/components/admin-forms/paths'
import type { FormEditorData } from '~/components/admin-forms/reply'
import { loadItem } from './__admin.server'
import { requireFieldsAdmin } from './__fields.server'
import { formEditorAction, type NodeForm, nodeDefinitions } from './__forms.server'

/** The form by its id (GET of one); not there → the list with a warning. */
async function nodeForm(request: Request, formId: string): Promise<NodeForm> {
  const { api, node } = await requireFieldsAdmin(request)
  const query = readListQuery(new URL(request.url).searchParams)
  return loadItem(
    request,
    api,
    '/api/forms/{nodeId}/{formId}',
    { nodeId: node.id, formId },
    { to: formsHref(query), notFound: 'forms.form_not_found' },
  )
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
