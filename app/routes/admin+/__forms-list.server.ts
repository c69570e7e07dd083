import type { LoaderFunctionArgs } from '@remix-run/node'
import { pageTitle } from '~/lib/page.server'
import { loadListPage } from './__admin.server'
import { requireFieldsAdmin } from './__fields.server'

/** /admin/forms: a page of the node's forms, found by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const { rows, query, total, pages } = await loadListPage(request, api, '/api/forms/{nodeId}', node.id)
  return {
    title: await pageTitle(request, 'admin_forms.title'),
    node: node.domain,
    query,
    total,
    pages,
    forms: rows.map((f) => ({
      id: f.id,
      name: f.name,
      layout: f.layout,
      fields: f.fields.length,
      tabs: f.tabs.length,
      processes: f.process_ids.length,
    })),
  }
}
