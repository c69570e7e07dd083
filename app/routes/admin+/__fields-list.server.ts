import type { FieldType } from '@domain/fields/types'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageTitle } from '~/lib/page.server'
import { loadListPage } from './__admin.server'
import { requireFieldsAdmin } from './__fields.server'

/** /admin/fields: a page of the node's fields (system ones first), found by name or title. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const { rows, query, total, pages } = await loadListPage(request, api, '/api/fields/{nodeId}', node.id)
  return {
    title: await pageTitle(request, 'admin_fields.title'),
    node: node.domain,
    query,
    total,
    pages,
    fields: rows.map((f) => ({
      id: f.id,
      name: f.name,
      title: f.title,
      type: f.type as FieldType,
      system: f.system,
      index_state: f.indexed ? f.index_state : null,
    })),
  }
}
