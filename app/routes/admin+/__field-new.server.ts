import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { readListQuery } from '~/components/admin-fields/paths'
import { fieldEditorAction, requireFieldsAdmin } from './__fields.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFieldsAdmin(request)
  return { query: readListQuery(new URL(request.url).searchParams) }
}

/** Add: POST /api/fields/{nodeId}; success → the list with fields.field_created. */
export const action = ({ request }: ActionFunctionArgs) => fieldEditorAction(request)
