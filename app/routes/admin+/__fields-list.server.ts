import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { FIELDS_PER_PAGE, readListQuery } from '~/components/admin-fields/paths'
import { pageCount } from '~/components/ui/page-items'
import { pageTitle } from '~/lib/page.server'
import { upstreamFailure } from './__admin.server'
import { fieldsApi, type NodeField, requireFieldsAdmin } from './__fields.server'

/** /admin/fields: a page of the node's fields (system ones first), found by name or title. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams)
  const res = await api.get<NodeField[]>(fieldsApi(node.id), {
    query: { page: query.page, per_page: FIELDS_PER_PAGE, search: query.search || undefined },
  })
  if (!res.ok || !res.data) throw upstreamFailure(res)
  const total = res.meta?.total ?? res.data.length
  const pages = pageCount(total, FIELDS_PER_PAGE)
  if (query.page > pages) {
    url.searchParams.set('page', String(pages))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  return {
    title: await pageTitle(request, 'admin_fields.title'),
    node: node.domain,
    query,
    total,
    pages,
    fields: res.data.map((f) => ({ id: f.id, name: f.name, title: f.title, type: f.type, system: f.system })),
  }
}
