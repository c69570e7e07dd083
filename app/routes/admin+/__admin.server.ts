import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { DetailEntry } from '@domain/errors/catalogue'
import { type ActionFunctionArgs, data, redirect } from '@remix-run/node'
import type { ZodTypeAny, z } from 'zod'
import { detailErrors } from '~/components/admin/detail-errors'
import { ADMIN_PER_PAGE, type ListPaths, type ListQuery, readListQuery } from '~/components/admin/list-query'
import { pageCount } from '~/components/ui/page-items'
import { requireAdmin } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { redirectWithToast } from '~/lib/session.server'
import type { ToastInput } from '~/lib/toast'
import {
  type DataOf,
  type ListMeta,
  type PathParamsOf,
  type PathsWith,
  type Upstream,
  type UpstreamResult,
  upstream,
} from '~/lib/upstream.server'

/*
 * What every admin page's loaders and actions share: the admin check, the upstream's answers as
 * alerts or errors, a page of a list, one form's action.
 */

/**
 * Every loader and action of an admin page: the access check of spec §4, then is_admin (spec §6),
 * else home. Actions need it too — the admin layout's loader does not run for a POST.
 */
export async function requireAdminApi(request: Request) {
  return { ...(await requireAdmin(request)), api: upstream(request) }
}

/** Spec §8: detail entries show as success alerts on success, warnings on error (5xx: danger). */
export function resultToasts(res: UpstreamResult<unknown, unknown>, fallback: string): ToastInput[] {
  const type = res.ok ? 'success' : res.status >= 500 ? 'danger' : 'warning'
  const codes = res.detail.map((d: DetailEntry) => d.type)
  return (codes.length ? [...new Set(codes)] : [res.status >= 500 ? 'server.error' : fallback]).map(
    (code) => ({ type, code }),
  )
}

/** An upstream answer a page cannot work without: the error boundary shows it with its status. */
export function upstreamFailure(res: UpstreamResult<unknown, unknown>): Response {
  return new Response(JSON.stringify({ detail: res.detail }), {
    status: res.status >= 400 ? res.status : 502,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

/** The contract's paths whose GET answers a page of a node's list: `'/api/statuses/{nodeId}'`. */
export type ListPath = {
  [P in PathsWith<'get'>]: DataOf<P, 'get'> extends unknown[]
    ? PathParamsOf<P, 'get'> extends { nodeId: string }
      ? P
      : never
    : never
}[PathsWith<'get'>]
/** One row of such a list, as the contract states it. */
export type RowOf<P extends ListPath> = DataOf<P, 'get'> extends (infer R)[] ? R : never

/** The calls these helpers make on any of the paths above (each caller's path is checked at its call). */
type LooseCall = (
  path: string,
  init?: {
    path?: Record<string, string>
    query?: Record<string, string | number | undefined>
    body?: unknown
  },
) => Promise<UpstreamResult<unknown, ListMeta | undefined>>
const loose = (call: unknown) => call as LooseCall

/**
 * A page of a node's list (`GET {path}?page&per_page&search`) as the list's URL asks for it; past
 * the end (the list shrank, or a hand-typed page) a redirect to the last page, same address otherwise.
 */
export async function loadListPage<P extends ListPath>(
  request: Request,
  api: Upstream,
  path: P,
  nodeId: string,
) {
  const url = new URL(request.url)
  const query = readListQuery(url.searchParams)
  const res = await loose(api.get)(path, {
    path: { nodeId },
    query: { page: query.page, per_page: ADMIN_PER_PAGE, search: query.search || undefined },
  })
  if (!res.ok) throw upstreamFailure(res)
  const rows = res.data as RowOf<P>[]
  const total = res.meta?.total ?? rows.length
  const pages = pageCount(total, ADMIN_PER_PAGE)
  if (query.page > pages) {
    url.searchParams.set('page', String(pages))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  return { rows, query, total, pages }
}

/** The upstream's largest page. */
const ALL = 500

/** Every item of a node's list (for selects and look-ups), a page of 500 at a time. */
export async function loadAll<P extends ListPath>(
  api: Upstream,
  path: P,
  nodeId: string,
  max = 5 * ALL,
): Promise<RowOf<P>[]> {
  const rows: RowOf<P>[] = []
  for (let page = 1; rows.length < max; page++) {
    const res = await loose(api.get)(path, { path: { nodeId }, query: { page, per_page: ALL } })
    if (!res.ok) throw upstreamFailure(res)
    const data = res.data as RowOf<P>[]
    rows.push(...data)
    if (data.length < ALL || rows.length >= (res.meta?.total ?? 0)) break
  }
  return rows
}

/**
 * One item by id (`GET` of one), for the Editing dialog. Not there (404: unknown, or another
 * node's) → the list with a warning `notFound`; any other refusal → the error page.
 */
export async function loadItem<P extends PathsWith<'get'>>(
  request: Request,
  api: Upstream,
  path: P,
  params: PathParamsOf<P, 'get'>,
  back: { to: string; notFound: string },
): Promise<DataOf<P, 'get'>> {
  const res = await loose(api.get)(path, { path: params as Record<string, string> })
  if (res.status === 404)
    throw await redirectWithToast(request, back.to, { type: 'warning', code: back.notFound })
  if (!res.ok) throw upstreamFailure(res)
  return res.data as DataOf<P, 'get'>
}

/** The list query of the request's address (the dialogs keep it for the way back). */
export const listQueryOf = (request: Request): ListQuery => readListQuery(new URL(request.url).searchParams)

/**
 * One form's action (STYLE.md §2): the form's own schema parses the post (errors → 400 with
 * `submission.reply`), the upstream is called, success redirects with its alerts; an upstream refusal
 * comes back as errors at the fields its `loc` names, or above the form. `intent` tells the page
 * which of its forms the answer is for. A step of conform's list editing posted without JavaScript
 * (add, remove or move a row) is answered with the form as it now is, nothing sent upstream.
 */
export async function submitForm<S extends ZodTypeAny>(
  request: Request,
  formData: FormData,
  form: { intent: string; schema: S; hideFields?: string[] },
  send: (value: z.output<S>) => Promise<UpstreamResult<unknown, unknown>>,
  success: { to: string; fallback: string },
) {
  const { intent, schema, hideFields = [] } = form
  const submission = parseWithZod(formData, { schema })
  if (submission.status === undefined) return data({ intent, result: submission.reply({ hideFields }) })
  if (submission.status !== 'success') {
    return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 })
  }
  const res = await send(submission.value)
  if (res.ok) return redirectWithToast(request, success.to, ...resultToasts(res, success.fallback))
  const { fieldErrors, formErrors } = detailErrors(res.detail, Object.keys(getZodConstraint(schema)))
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0)
    formErrors.push(res.status >= 500 ? 'server.error' : 'value_error')
  return data(
    { intent, result: submission.reply({ fieldErrors, formErrors, hideFields }) },
    { status: res.status >= 400 && res.status < 500 ? res.status : 502 },
  )
}

/**
 * Add whose next step is the new item's Editing dialog: checked and sent as `submitForm` does; once
 * the upstream answers with the new id, straight to `to.item(id)` with the created toast.
 */
export async function submitCreate<S extends ZodTypeAny>(
  request: Request,
  formData: FormData,
  form: { schema: S; hideFields?: string[] },
  send: (value: z.output<S>) => Promise<UpstreamResult<{ id: string } | undefined, unknown>>,
  to: { list: string; item: (id: string) => string; code: string },
) {
  let created: string | undefined
  const res = await submitForm(
    request,
    formData,
    { intent: 'create', ...form },
    async (value) => {
      const answer = await send(value)
      created = answer.data?.id
      return answer
    },
    { to: to.list, fallback: to.code },
  )
  if (!created) return res
  return redirectWithToast(request, to.item(created), { type: 'success', code: to.code })
}

/**
 * Editing → delete: done → the list with the upstream's alert; refused (in use, 409) → back to the
 * dialog (without the question) with the upstream's own reason as the alert.
 */
export async function deleteItem<P extends PathsWith<'delete'>>(
  request: Request,
  api: Upstream,
  path: P,
  params: PathParamsOf<P, 'delete'>,
  to: { list: string; here: string; fallback: string },
) {
  const res = await loose(api.del)(path, { path: params as Record<string, string> })
  return redirectWithToast(request, res.ok ? to.list : to.here, ...resultToasts(res, to.fallback))
}

/** An intent the dialog does not have: back to it with a warning. */
export const unknownIntent = (request: Request, here: string) =>
  redirectWithToast(request, here, { type: 'warning', code: 'value_error' })

/** An admin resource whose dialogs are Add (POST) and Editing (`save` = PATCH, `delete`). */
export interface AdminResource<S extends ZodTypeAny> {
  /** The node's collection upstream (GET a page, POST to add), e.g. `'/api/statuses/{nodeId}'`. */
  collection: ListPath & PathsWith<'post'>
  /** One item upstream (PATCH, DELETE), e.g. `'/api/statuses/{nodeId}/{statusId}'`… */
  item: PathsWith<'patch'> & PathsWith<'delete'>
  /** …and the parameter of `item` that holds the item's id. */
  itemParam: string
  paths: ListPaths
  /** The dialog's form; its output is the body of the POST and the PATCH. */
  schema: S
  /** The route param holding the item's id. */
  param: string
  codes: { created: string; edited: string; deleted: string }
}

/** The Add dialog's action: POST to the collection; done → the list with its alert. */
export function createAction<S extends ZodTypeAny>(r: AdminResource<S>) {
  return async ({ request }: ActionFunctionArgs) => {
    const { api, node } = await requireAdminApi(request)
    const formData = await readForm(request)
    await requireCsrf(request, formData)
    return submitForm(
      request,
      formData,
      { intent: 'create', schema: r.schema },
      (value) => loose(api.post)(r.collection, { path: { nodeId: node.id }, body: value }),
      { to: r.paths.list(listQueryOf(request)), fallback: r.codes.created },
    )
  }
}

/** The Editing dialog's action: `save` (PATCH) or `delete` (refused while in use). */
export function saveOrDeleteAction<S extends ZodTypeAny>(r: AdminResource<S>) {
  return async ({ request, params }: ActionFunctionArgs) => {
    const { api, node } = await requireAdminApi(request)
    const formData = await readForm(request)
    await requireCsrf(request, formData)
    const query = listQueryOf(request)
    const id = params[r.param] ?? ''
    const here = r.paths.item(id, query)
    const one = { nodeId: node.id, [r.itemParam]: id }
    switch (formData.get('intent')) {
      case 'save':
        return submitForm(
          request,
          formData,
          { intent: 'save', schema: r.schema },
          (value) => loose(api.patch)(r.item, { path: one, body: value }),
          { to: here, fallback: r.codes.edited },
        )
      case 'delete':
        return deleteItem(request, api, r.item, one as never, {
          list: r.paths.list(query),
          here,
          fallback: r.codes.deleted,
        })
    }
    return unknownIntent(request, here)
  }
}
