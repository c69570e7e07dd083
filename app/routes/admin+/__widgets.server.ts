import type { FieldDefinition } from '@domain/fields/types'
import { settingsContextOf } from '@domain/widgets/context'
import { getWidgetType, isWidgetType } from '@domain/widgets/registry'
import type { ContextProcess } from '@domain/widgets/types'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { ADMIN_PER_PAGE, readListQuery } from '~/components/admin/list-query'
import { CONFIRM_DELETE, widgetPaths } from '~/components/admin-boards/paths'
import {
  customDefinitions,
  queryDetail,
  widgetEditSchema,
  widgetNewSchema,
} from '~/components/admin-boards/schemas'
import type { PreviewData } from '~/components/admin-boards/widget-preview'
import { presentWidget } from '~/components/board/present.server'
import { pageCount } from '~/components/ui/page-items'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { i18next } from '~/lib/i18next.server'
import { pageTitle, translator } from '~/lib/page.server'
import { listSavedQueries } from '~/lib/queries.server'
import { csvEnabled } from '~/lib/tasks/csv-enabled.server'
import type { Upstream } from '~/lib/upstream.server'
import {
  deleteItem,
  loadAll,
  loadItem,
  requireAdminApi,
  submitCreate,
  submitForm,
  unknownIntent,
  upstreamFailure,
} from './__admin.server'

/** The list's query: page, search, and the type it keeps to (an unknown type is no filter). */
function widgetQueryOf(request: Request) {
  const params = new URL(request.url).searchParams
  const type = params.get('type') ?? ''
  return { ...readListQuery(params), type: isWidgetType(type) ? type : '' }
}

/** /admin/widgets: a page of the node's widgets, of one type or all. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const url = new URL(request.url)
  const { type, ...query } = widgetQueryOf(request)
  const res = await api.get('/api/widgets/{nodeId}', {
    path: { nodeId: node.id },
    query: {
      page: query.page,
      per_page: ADMIN_PER_PAGE,
      search: query.search || undefined,
      type: type || undefined,
    },
  })
  if (!res.ok) throw upstreamFailure(res)
  const total = res.meta?.total ?? res.data.length
  const pages = pageCount(total, ADMIN_PER_PAGE)
  if (query.page > pages) {
    url.searchParams.set('page', String(pages))
    throw redirect(`${url.pathname}?${url.searchParams}`)
  }
  return { title: await pageTitle(request, 'admin.widgets'), rows: res.data, query, type, total, pages }
}

export async function newLoader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request)
  const { type, ...query } = widgetQueryOf(request)
  return { query, type }
}

/** Add → POST /api/widgets/{nodeId}, then straight to its Editing dialog for the settings and query. */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const { type, ...query } = widgetQueryOf(request)
  const paths = widgetPaths(type)
  return submitCreate(
    request,
    formData,
    { schema: widgetNewSchema },
    (value) => api.post('/api/widgets/{nodeId}', { path: { nodeId: node.id }, body: value }),
    {
      list: paths.list(query),
      item: (id) => paths.item(id, query),
      code: 'widgets.widget_created',
    },
  )
}

/** The node's processes with their progress's statuses in order (a kanban's process and columns). */
async function processesOf(api: Upstream, nodeId: string): Promise<ContextProcess[]> {
  const [processes, progress] = await Promise.all([
    loadAll(api, '/api/processes/{nodeId}', nodeId),
    loadAll(api, '/api/progress/{nodeId}', nodeId),
  ])
  const statusesOf = new Map(progress.map((p) => [p.id, p.statuses.map((s) => ({ id: s.id, name: s.name }))]))
  return processes
    .map((p) => ({ id: p.id, name: p.name, statuses: statusesOf.get(p.progress_id) ?? [] }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * What a widget's form is made of: its type's settings fields over the node's fields (system and
 * custom, GET /fields), and the custom ones as the query checker's keys.
 */
async function formOf(api: Upstream, nodeId: string, type: string) {
  const [fields, processes] = await Promise.all([
    loadAll(api, '/api/fields/{nodeId}', nodeId),
    type === 'kanban' ? processesOf(api, nodeId) : Promise.resolve([]),
  ])
  const settings: FieldDefinition[] = isWidgetType(type)
    ? getWidgetType(type).settingsFields(settingsContextOf(fields, processes))
    : []
  return { settings, custom: customDefinitions(fields) }
}

/** The preview's parameters: this widget's `w.{id}.…` of the dialog's address, passed on. */
function previewParams(request: Request, widgetId: string) {
  const prefix = `w.${widgetId}.`
  const out: Record<string, string> = {}
  for (const [key, value] of new URL(request.url).searchParams) if (key.startsWith(prefix)) out[key] = value
  return out
}

/** The saved widget's data (GET /widgets/{nodeId}/{widgetId}/data), or the reason there is none. */
async function loadPreview(
  request: Request,
  api: Upstream,
  nodeId: string,
  widgetId: string,
): Promise<PreviewData> {
  const res = await api.get('/api/widgets/{nodeId}/{widgetId}/data', {
    path: { nodeId, widgetId },
    query: previewParams(request, widgetId),
  })
  if (res.ok) {
    const answer = res.data
    if ('error' in answer) return { ok: false, codes: [answer.error.type] }
    // As a board shows it: values formatted by their fields, a schedule's columns titled.
    const [t, locale] = await Promise.all([translator(request), i18next.getLocale(request)])
    const shown = presentWidget({ type: answer.type, data: answer.data }, t, locale)
    return { ok: true, type: shown.type, data: shown.data }
  }
  const first = res.detail[0]
  return {
    ok: false,
    codes: res.detail.length ? [...new Set(res.detail.map((d) => d.type))] : ['admin_widgets.preview.error'],
    params: (first?.ctx ?? undefined) as Record<string, string | number> | undefined,
  }
}

/** /admin/widgets/{id}: the widget, its form (settings fields, query keys), the preview of its data. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const { type, ...query } = widgetQueryOf(request)
  const paths = widgetPaths(type)
  const widgetId = params.widgetId ?? ''
  const widget = await loadItem(
    request,
    api,
    '/api/widgets/{nodeId}/{widgetId}',
    { nodeId: node.id, widgetId },
    { to: paths.list(query), notFound: 'widgets.widget_not_found' },
  )
  const [form, preview, csv, saved] = await Promise.all([
    formOf(api, node.id, widget.type),
    loadPreview(request, api, node.id, widget.id),
    csvEnabled(request, node.id),
    // The query may start from a saved one (PRODUCT.md §10): the first page, by name.
    listSavedQueries(request, { node }, { perPage: 100 }).catch(() => null),
  ])
  const confirming = new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm
  const savedQueries = (saved?.queries ?? []).map((q) => ({ id: q.id, name: q.name, query: q.query }))
  return { widget, ...form, preview, query, type, confirming, csv, savedQueries }
}

/** Editing posts `save` (PATCH: title, query, settings) or `delete`. */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const { type, ...query } = widgetQueryOf(request)
  const paths = widgetPaths(type)
  const id = params.widgetId ?? ''
  const here = paths.item(id, query)
  const one = { nodeId: node.id, widgetId: id }
  const intent = formData.get('intent')
  switch (intent) {
    case 'save': {
      const widget = await loadItem(request, api, '/api/widgets/{nodeId}/{widgetId}', one, {
        to: paths.list(query),
        notFound: 'widgets.widget_not_found',
      })
      const { settings, custom } = await formOf(api, node.id, widget.type)
      return submitForm(
        request,
        formData,
        { intent, schema: widgetEditSchema(settings, custom) },
        async (value) => {
          const res = await api.patch('/api/widgets/{nodeId}/{widgetId}', {
            path: one,
            body: value as { title: string; query: string; settings?: Record<string, unknown> },
          })
          return { ...res, detail: res.detail.map(queryDetail) }
        },
        { to: here, fallback: 'widgets.widget_edited' },
      )
    }
    case 'delete':
      return deleteItem(request, api, '/api/widgets/{nodeId}/{widgetId}', one, {
        list: paths.list(query),
        here,
        fallback: 'widgets.widget_deleted',
      })
  }
  return unknownIntent(request, here)
}
