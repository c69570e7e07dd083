import type { DetailEntry } from '@domain/errors/catalogue'
import type { FieldDefinition } from '@domain/fields/types'
import { hasRight } from '@domain/rights/rights'
import { queryFields } from '@domain/rql'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { customDefinitions } from '~/components/admin-boards/schemas'
import { displayValue } from '~/components/board/present.server'
import { type ShownRqlError, shownFromDetail } from '~/components/rql/errors'
import { type Access, type NodeOnly, requireAccess, withAccess } from '~/lib/access.server'
import { requireCsrf } from '~/lib/csrf.server'
import { i18next } from '~/lib/i18next.server'
import { translator } from '~/lib/page.server'
import { createSavedQuery, getSavedQuery } from '~/lib/queries.server'
import { safePath } from '~/lib/redirect-to'
import { routes } from '~/lib/routes'
import { cleanColumns } from '~/lib/search/columns'
import { chosenColumns, saveColumns } from '~/lib/search/columns.server'
import type { SearchColumn, SearchRow } from '~/lib/search/types'
import { readSearch, SEARCH_PATH, searchHref } from '~/lib/search/url'
import { vocabularyOf } from '~/lib/search/vocabulary'
import { redirectWithToast } from '~/lib/session.server'
import { listProcesses } from '~/lib/tasks/processes.server'
import { fieldRows, nodeStatuses, nodeUsers } from '~/lib/tasks/tasks.server'
import { type DataOf, upstream } from '~/lib/upstream.server'

/*
 * /lk/tasks, the search page (PRODUCT.md §10): the query of `?q=` run by the upstream
 * (POST /tasks/rql/{nodeId}), a page of 10 (spec §9) shown with the references made names (status,
 * assignee, the card's process key) and the custom fields the user chose formatted by their type.
 * A query the upstream refuses (422 rql.*) comes back as the box's error, with its position.
 */

/** Spec §9: the default page size. */
export const SEARCH_PER_PAGE = 10

type Task = DataOf<'/api/tasks/rql/{nodeId}', 'post'>[number]

/** Whom the page is for: anyone who may view the tasks of some process (task_view, any attributes). */
export const canSearch = (access: Access) => hasRight(access.rights, 'task_view')

export async function searchLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // The upstream's calls go with the access check, not after it (they need only the node): the
  // query, the configuration and the results' forms are on their way while the user's rights are
  // read. The check's outcome comes first; a failure of the calls is shown only after it.
  const [access, fetched] = await withAccess(request, (at) =>
    fetchSearch(request, at, url).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  )
  if (!canSearch(access)) throw redirect(routes.home())
  if ('error' in fetched) throw fetched.error
  const { q, page, saved, res, fields, statuses, processes, users, forms } = fetched.value
  const [chosen, t, locale] = await Promise.all([
    chosenColumns(request, access.user.id),
    translator(request),
    i18next.getLocale(request),
  ])
  const custom = customDefinitions(fields)
  const byName = new Map(custom.map((f) => [f.name, f]))
  const sortable = new Set(
    queryFields(custom)
      .filter((f) => f.sortable)
      .map((f) => f.name),
  )
  const columns: SearchColumn[] = cleanColumns(chosen, new Set(byName.keys())).map((name) => ({
    name,
    title: byName.get(name)!.title,
    sortable: sortable.has(name.toLowerCase()),
  }))

  const errors = res.ok ? [] : queryErrors(res)

  const statusById = new Map(statuses.map((s) => [s.id, s]))
  const processById = new Map(processes.map((p) => [p.id, p]))
  const userById = new Map(users.map((u) => [u.id, u]))
  const tasks: Task[] = res.ok ? res.data : []
  const rows: SearchRow[] = tasks.map((task) => {
    const process = processById.get(task.process_id)
    const processKey = process?.key ?? task.key.replace(/-\d+$/, '')
    const status = statusById.get(task.status_id)
    const assignee = task.assignee_id ? userById.get(task.assignee_id) : undefined
    return {
      id: task.id,
      key: task.key,
      title: task.title,
      href: routes.TaskCard(processKey, task.key),
      process: process?.name ?? processKey,
      status: status ? { name: status.name, color: status.color } : null,
      assignee: assignee ? assignee.full_name || assignee.user_name : '',
      values: Object.fromEntries(
        columns.map((c) => [
          c.name,
          displayValue(byName.get(c.name)!, task.custom_fields[c.name], t, locale),
        ]),
      ),
    }
  })

  return {
    title: t('search.title'),
    q,
    page,
    errors,
    rows,
    columns,
    choices: columnChoices(custom, tasks, forms, columns),
    total: res.ok ? { count: res.meta.total, exact: res.meta.total_exact } : null,
    perPage: SEARCH_PER_PAGE,
    custom,
    vocabulary: vocabularyOf({ statuses, users, processes }),
    canEdit: hasRight(access.rights, 'task_edit'),
    saved: saved ? { id: saved.id, name: saved.name, shared: saved.shared } : null,
    /** Administrators may share a query with the node (PRODUCT.md §10). */
    canShare: hasRight(access.rights, 'is_admin'),
  }
}

/**
 * What the box says of a refused query: the upstream's 422 rql.* with its position; another 422
 * (a page past what the upstream walks) as its code. Anything else is the error page's.
 */
function queryErrors(res: { status: number; detail: DetailEntry[] }): ShownRqlError[] {
  if (res.status !== 422)
    throw new Response(JSON.stringify({ detail: res.detail }), {
      status: res.status >= 400 ? res.status : 502,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  const shown = res.detail.flatMap((d) => shownFromDetail(d) ?? [])
  return shown.length ? shown : res.detail.map((d) => ({ code: d.type, message: d.type, params: {} }))
}

/**
 * What the page asks the upstream for, given only the node: `?saved={id}` read first (its text is
 * the search, PRODUCT.md §10), then the query beside the node's configuration, then the forms of
 * the processes in the results (for the column choices).
 */
async function fetchSearch(request: Request, at: NodeOnly, url: URL) {
  const read = readSearch(url.searchParams)
  const { page } = read
  let q = read.q
  const savedId = url.searchParams.get('saved')
  const saved = savedId ? await getSavedQuery(request, at, savedId) : null
  if (savedId && !saved)
    throw await redirectWithToast(request, routes.tasks(), {
      type: 'warning',
      code: 'queries.query_not_found',
    })
  if (saved && !url.searchParams.has('q')) q = saved.query
  const query = upstream(request).post('/api/tasks/rql/{nodeId}', {
    path: { nodeId: at.node.id },
    body: { query: q, page, per_page: SEARCH_PER_PAGE },
  })
  const [res, fields, statuses, processes, users] = await Promise.all([
    query,
    fieldRows(request, at),
    nodeStatuses(request, at),
    listProcesses(request, at),
    nodeUsers(request, at),
  ])
  const forms = await resultForms(request, at, res.ok ? res.data : [], processes)
  return { q, page, saved, res, fields, statuses, processes, users, forms }
}

/** The forms of the processes in the results: the fields those tasks can hold. */
async function resultForms(
  request: Request,
  at: NodeOnly,
  tasks: readonly Task[],
  processes: Awaited<ReturnType<typeof listProcesses>>,
) {
  const inResults = new Set(tasks.map((t) => t.process_id))
  const formIds = [
    ...new Set(processes.filter((p) => inResults.has(p.id) && p.form_id).map((p) => p.form_id!)),
  ]
  const forms = await Promise.all(
    formIds.map((formId) =>
      upstream(request).get('/api/forms/{nodeId}/{formId}', { path: { nodeId: at.node.id, formId } }),
    ),
  )
  return forms.flatMap((form) => (form.ok ? [form.data] : []))
}

/**
 * The columns a user may add: the custom fields on the forms of the processes in the results (the
 * fields those tasks can hold), and those already chosen, in the node's order of fields.
 */
function columnChoices(
  custom: readonly FieldDefinition[],
  tasks: readonly Task[],
  forms: readonly { fields: readonly { name: string }[] }[],
  chosen: readonly SearchColumn[],
): { name: string; title: string }[] {
  const names = new Set(chosen.map((c) => c.name))
  for (const form of forms) for (const f of form.fields) names.add(f.name)
  // Values the tasks hold count too: a field taken off a form still shows on its older tasks.
  for (const task of tasks) for (const name of Object.keys(task.custom_fields)) names.add(name)
  return custom.filter((f) => names.has(f.name)).map((f) => ({ name: f.name, title: f.title }))
}

/** POST /lk/tasks `intent=columns`: the chosen columns kept for this user, then back to the same search. */
export async function searchAction({ request }: ActionFunctionArgs) {
  const access = await requireAccess(request)
  const form = await request.formData()
  await requireCsrf(request, form)
  const back = safePath(form.get('back'), SEARCH_PATH)
  const to = back.startsWith(SEARCH_PATH) ? back : searchHref({ q: '' })
  if (form.get('intent') === 'save-query') return saveQuery(request, access, form, to)
  if (form.get('intent') !== 'columns') return redirect(to)
  const known = new Set(customDefinitions(await fieldRows(request, access)).map((f) => f.name))
  const columns = cleanColumns(form.getAll('column'), known)
  return redirect(to, { headers: { 'Set-Cookie': await saveColumns(request, access.user.id, columns) } })
}

/**
 * POST /lk/tasks `intent=save-query`: the current query saved under a name, shared when an
 * administrator ticks it; then the saved query opened, or back with the upstream's reason.
 */
async function saveQuery(request: Request, access: Access, form: FormData, back: string) {
  const res = await createSavedQuery(request, access, {
    name: String(form.get('name') ?? ''),
    query: String(form.get('query') ?? ''),
    shared: form.get('shared') === 'on',
  })
  if (res.ok && res.query)
    return redirectWithToast(request, routes.savedQuery(res.query.id), {
      type: 'success',
      code: 'queries.query_created',
    })
  const d = res.ok ? undefined : res.detail[0]
  const params = Object.fromEntries(
    Object.entries(d?.ctx ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  ) as Record<string, string | number>
  return redirectWithToast(request, back, { type: 'warning', code: d?.type ?? 'server.error', params })
}
