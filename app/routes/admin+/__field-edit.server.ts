import { indexableField } from '@domain/fields/indexable'
import type { FieldDefinition, FieldType } from '@domain/fields/types'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { fieldsHref, readListQuery } from '~/components/admin-fields/paths'
import { redirectWithToast } from '~/lib/session.server'
import { loadItem } from './__admin.server'
import { fieldEditorAction, type NodeField, requireFieldsAdmin } from './__fields.server'

/** The field by its id (GET of one); not there → the list with a warning. */
async function customField(request: Request, fieldId: string): Promise<NodeField> {
  const { api, node } = await requireFieldsAdmin(request)
  const query = readListQuery(new URL(request.url).searchParams)
  const field = await loadItem(
    request,
    api,
    '/api/fields/{nodeId}/{fieldId}',
    { nodeId: node.id, fieldId },
    { to: fieldsHref(query), notFound: 'fields.field_not_found' },
  )
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
      // Checked by the domain's schema on the way in (the contract types them loosely).
      type: field.type as FieldType,
      settings: field.settings as FieldDefinition['settings'],
      structure: field.structure as FieldDefinition[] | null,
      version: field.version,
    },
    index: {
      indexed: field.indexed,
      state: field.index_state,
      indexable: indexableField({
        type: field.type as FieldType,
        settings: field.settings as FieldDefinition['settings'],
        structure: (field.structure as FieldDefinition[] | null) ?? undefined,
      }),
    },
    query: readListQuery(url.searchParams),
    confirmDelete: url.searchParams.get('confirm') === 'delete',
  }
}

/** Editing: PATCH (or, after the confirm step, DELETE) /api/fields/{nodeId}/{fieldId}. */
export async function action({ request, params }: ActionFunctionArgs) {
  return fieldEditorAction(request, await customField(request, params.fieldId ?? ''))
}
