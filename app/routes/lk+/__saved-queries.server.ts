import type { DetailEntry } from '@domain/errors/catalogue'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { requireAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { shellAbilities } from '~/lib/guards'
import { pageTitle } from '~/lib/page.server'
import { deleteSavedQuery, editSavedQuery, listSavedQueries } from '~/lib/queries.server'
import { routes } from '~/lib/routes'
import { redirectWithToast } from '~/lib/session.server'

/*
 * /lk/tasks/saved: the saved queries the user may use (their own and the node's shared ones), a
 * page at a time, each opening the search page; rename and delete where the user may write it
 * (their own, and shared ones for administrators — the upstream decides, the page only hides what
 * it would refuse). Plain forms posting here: they work without JavaScript.
 */

const PER_PAGE = 20

const pageOf = (url: URL) => Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1))

export async function savedQueriesLoader({ request }: LoaderFunctionArgs) {
  const access = await requireAccess(request)
  const url = new URL(request.url)
  const [title, list] = await Promise.all([
    pageTitle(request, 'queries.title'),
    listSavedQueries(request, access, { page: pageOf(url), perPage: PER_PAGE }),
  ])
  return {
    title,
    ...list,
    totalPages: Math.max(1, Math.ceil(list.total / PER_PAGE)),
    userId: access.user.id,
    isAdmin: shellAbilities(access.rights).isAdmin,
  }
}

const problemToast = (detail: DetailEntry[]) => {
  const d = detail[0]
  const params = Object.fromEntries(
    Object.entries(d?.ctx ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>
  return { type: 'warning' as const, code: d?.type ?? 'server.error', params }
}

/** POST /lk/tasks/saved: `rename` (id, name) or `delete` (id); back to the same page with an alert. */
export async function savedQueriesAction({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const form = await request.formData()
  await requireCsrf(request, form)
  const url = new URL(request.url)
  const back = pageOf(url) > 1 ? `${routes.savedQueries()}?page=${pageOf(url)}` : routes.savedQueries()
  const id = String(form.get('id') ?? '')
  const intent = form.get('intent')
  if (intent === 'rename') {
    const res = await editSavedQuery(request, access, id, { name: String(form.get('name') ?? '') })
    return res.ok
      ? redirectWithToast(request, back, { type: 'success', code: 'queries.query_edited' })
      : redirectWithToast(request, back, problemToast(res.detail))
  }
  if (intent === 'delete') {
    const res = await deleteSavedQuery(request, access, id)
    return res.ok
      ? redirectWithToast(request, back, { type: 'success', code: 'queries.query_deleted' })
      : redirectWithToast(request, back, problemToast(res.detail))
  }
  return redirect(back)
}
