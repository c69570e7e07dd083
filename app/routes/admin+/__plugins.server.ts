import { findPlugin } from '@domain/plugins/catalogue'
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { configFormSchema, secretInputs, secretsSetOf } from '~/components/admin-plugins/config-form-model'
import { CONFIRM_DELETE, configPaths as paths } from '~/components/admin-plugins/paths'
import { requireCsrf } from '~/lib/csrf.server'
import { readForm } from '~/lib/form.server'
import { pageTitle } from '~/lib/page.server'
import { redirectWithToast } from '~/lib/session.server'
import type { Upstream } from '~/lib/upstream.server'
import {
  deleteItem,
  listQueryOf,
  loadItem,
  loadListPage,
  requireAdminApi,
  resultToasts,
  submitCreate,
  submitForm,
  unknownIntent,
  upstreamFailure,
} from './__admin.server'

/*
 * /admin/plugin-store and /admin/plugin-configs (spec §2, PRODUCT.md §7): the catalogue with
 * what the node has configured, the configurations, and their Add and Editing dialogs. Every
 * form is the generic form of the plugin's settings, parsed here with the schema the browser and
 * the upstream use.
 */

/** The whole catalogue (a handful of shipped plugins: one page of the largest size holds them). */
async function catalogue(api: Upstream, nodeId: string) {
  const res = await api.get('/api/plugins', { query: { node_id: nodeId, per_page: 500 } })
  if (!res.ok) throw upstreamFailure(res)
  return res.data
}

/** /admin/plugin-store: a card per shipped plugin, configured here or not. */
export async function storeLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  return { title: await pageTitle(request, 'admin.plugin_store'), plugins: await catalogue(api, node.id) }
}

/** /admin/plugin-configs: a page of the node's configurations, with the plugins' names. */
export async function listLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const list = await loadListPage(request, api, '/api/plugin-configs/{nodeId}', node.id)
  const plugins = await catalogue(api, node.id)
  return { title: await pageTitle(request, 'admin.plugin_configs'), ...list, plugins }
}

/**
 * Add: without `?plugin` the choice of plugins (a one-per-node plugin the node has configured is
 * not offered); with it, that plugin's form — or, for such a plugin, its configuration's Editing.
 */
export async function newLoader({ request }: LoaderFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const pluginId = new URL(request.url).searchParams.get('plugin') ?? ''
  const plugins = await catalogue(api, node.id)
  const query = listQueryOf(request)
  const own = plugins.find((p) => p.id === pluginId)?.config_id
  if (own) throw redirect(paths.item(own, query))
  return {
    query,
    plugins,
    pluginId: findPlugin(pluginId) && plugins.some((p) => p.id === pluginId) ? pluginId : null,
  }
}

/** Add → POST /api/plugin-configs/{nodeId}/{pluginId}, then its Editing dialog (test, history). */
export async function newAction({ request }: ActionFunctionArgs) {
  const { api, node } = await requireAdminApi(request)
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const query = listQueryOf(request)
  const plugin = findPlugin(new URL(request.url).searchParams.get('plugin') ?? '')
  if (!plugin) return unknownIntent(request, paths.add(query))
  return submitCreate(
    request,
    formData,
    { schema: configFormSchema(plugin, [], 'create'), hideFields: secretInputs(plugin) },
    (value) =>
      api.post('/api/plugin-configs/{nodeId}/{pluginId}', {
        path: { nodeId: node.id, pluginId: plugin.id },
        body: value,
      }),
    {
      list: paths.list(query),
      item: (id) => paths.item(id, query),
      code: 'plugins.config_created',
    },
  )
}

async function loadConfig(request: Request, id: string) {
  const { api, node } = await requireAdminApi(request)
  const query = listQueryOf(request)
  const config = await loadItem(
    request,
    api,
    '/api/plugin-configs/{nodeId}/{pluginConfigId}',
    { nodeId: node.id, pluginConfigId: id },
    { to: paths.list(query), notFound: 'plugins.config_not_found' },
  )
  return { api, node, query, config }
}

/** /admin/plugin-configs/{id}: the form, the switch, "send a test", the history, deleting. */
export async function editLoader({ request, params }: LoaderFunctionArgs) {
  const { api, node, query, config } = await loadConfig(request, params.configId ?? '')
  const history = await api.get('/api/plugin-configs/{nodeId}/{pluginConfigId}/history', {
    path: { nodeId: node.id, pluginConfigId: config.id },
  })
  if (!history.ok) throw upstreamFailure(history)
  const deliveries = findPlugin(config.plugin_id)?.log
    ? await api.get('/api/plugin-configs/{nodeId}/{pluginConfigId}/deliveries', {
        path: { nodeId: node.id, pluginConfigId: config.id },
      })
    : undefined
  if (deliveries && !deliveries.ok) throw upstreamFailure(deliveries)
  return {
    config,
    history: history.data,
    deliveries: deliveries?.data ?? null,
    query,
    confirming: new URL(request.url).searchParams.get('confirm') === CONFIRM_DELETE.confirm,
  }
}

/** Editing posts `save` (PATCH), `enable` / `disable`, `test` or `delete`. */
export async function editAction({ request, params }: ActionFunctionArgs) {
  const { api, node, query, config } = await loadConfig(request, params.configId ?? '')
  const formData = await readForm(request)
  await requireCsrf(request, formData)
  const here = paths.item(config.id, query)
  const one = { nodeId: node.id, pluginConfigId: config.id }
  const plugin = findPlugin(config.plugin_id)
  const intent = formData.get('intent')
  switch (intent) {
    case 'save':
      if (!plugin) return unknownIntent(request, here)
      return submitForm(
        request,
        formData,
        {
          intent,
          schema: configFormSchema(plugin, secretsSetOf(config.settings), 'edit'),
          hideFields: secretInputs(plugin),
        },
        (value) => api.patch('/api/plugin-configs/{nodeId}/{pluginConfigId}', { path: one, body: value }),
        { to: here, fallback: 'plugins.config_edited' },
      )
    case 'enable':
    case 'disable': {
      const res = await api.patch('/api/plugin-configs/{nodeId}/{pluginConfigId}', {
        path: one,
        body: { enabled: intent === 'enable' },
      })
      return redirectWithToast(request, here, ...resultToasts(res, 'plugins.config_edited'))
    }
    case 'test': {
      const res = await api.post('/api/plugin-configs/{nodeId}/{pluginConfigId}/test', { path: one })
      return redirectWithToast(
        request,
        here,
        ...res.detail.map((d) => ({
          type: res.ok ? ('success' as const) : ('warning' as const),
          code: d.type,
          params: d.ctx,
        })),
        ...(res.detail.length ? [] : resultToasts(res, 'plugins.test_sent')),
      )
    }
    case 'delete':
      return deleteItem(request, api, '/api/plugin-configs/{nodeId}/{pluginConfigId}', one, {
        list: paths.list(query),
        here,
        fallback: 'plugins.config_deleted',
      })
  }
  return unknownIntent(request, here)
}
