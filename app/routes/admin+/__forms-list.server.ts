import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { FORMS_PER_PAGE, readListQuery } from '~/components/admin-forms/paths'
import { pageCount } from '~/components/ui/page-items'
import { pageTitle } from '~/lib/page.server'
import { upstreamFailure } from './__admin.server'
import { requireFieldsAdmin } from './__fields.server'
import { formsApi, type NodeForm } from './__forms.server'

/** /admin/forms: a page of the node's forms, found by name. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireFieldsAdmin(request)
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams)
  const res = await api.get<NodeForm[]>(formsApi(node.id), {
    query: { page: query.page, per_page: FORMS_PER_PAGE, search: query.search || undefined },
  })
  if (!res.ok || !res.data) throw upstreamFailure(res)
  const total = res.meta?.total ?? res.data.length
  const pages = pageCount(total, FORMS_PER_PAGE)
  if (query.page > pages) {
    url.searchParams.set('page', String(pages))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  return {
    title: await pageTitle(request, 'admin_forms.title'),
    node: node.domain,
    query,
    total,
    pages,
    forms: res.data.map((f) => ({
      id: f.id,
      name: f.name,
      layout: f.layout,
      fields: f.fields.length,
      tabs: f.tabs.length,
      processes: f.process_ids.length,
    })),
  }
}
