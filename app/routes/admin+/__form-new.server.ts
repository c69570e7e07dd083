import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { emptyDraft } from '~/components/admin-forms/draft'
import { readListQuery } from '~/components/admin-forms/paths'
import type { FormEditorData } from '~/components/admin-forms/reply'
import { requireFieldsAdmin } from './__fields.server'
import { formEditorAction, nodeDefinitions } from './__forms.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const editor: FormEditorData = {
    definitions: await nodeDefinitions(api, node.id),
    draft: emptyDraft(),
    version: null,
  }
  return { editor, query: readListQuery(new URL(request.url).searchParams) }
}

/** Add: POST /api/forms/{nodeId} (and the editor's steps and preview without JavaScript). */
export const action = ({ request }: ActionFunctionArgs) => formEditorAction(request)
