import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { fieldsHref, readListQuery } from '~/components/admin-fields/paths'
import { redirectWithToast } from '~/lib/session.server'
import { allFields, fieldEditorAction, type NodeField, requireFieldsAdmin } from './__fields.server'

/** The upstream lists fields but has no GET of one: the node's fields, then this one among them. */
async function customField(request: Request, fieldId: string): Promise<NodeField> {
  const { api, node } = await requireFieldsAdmin(request)
  const query = readListQuery(new URL(request.url).searchParams)
  const field = (await allFields(api, node.id)).find((f) => f.id === fieldId)
  if (!field)
    throw await redirectWithToast(request, fieldsHref(query), {
      type: 'warning',
      code: 'fields.field_not_found',
    })
  // System fields are read-only (ADR 008): the list offers no Editing for them.
  if (field.system)
    throw await redirectWithToast(request, fieldsHref(query), {
      type: 'warning',
      code: 'fields.system_field_readonly',
    })
  return field
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const field = await customField(request, params.fieldId ?? '')
  const url = new URL(request.url)
  return {
    field: {
      id: field.id,
      name: field.name,
      title: field.title,
      type: field.type,
      settings: field.settings,
      structure: field.structure,
      version: field.version,
    },
    query: readListQuery(url.searchParams),
    confirmDelete: url.searchParams.get('confirm') === 'delete',
  }
}

/** Editing: PATCH (or, after the confirm step, DELETE) /api/fields/{nodeId}/{fieldId}. */
export async function action({ request, params }: ActionFunctionArgs) {
  return fieldEditorAction(request, await customField(request, params.fieldId ?? ''))
}
