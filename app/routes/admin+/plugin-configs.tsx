import { useLoaderData } from '@remix-run/react'
import { AdminList } from '~/components/admin/admin-list'
import { ConfigsTable } from '~/components/admin-plugins/configs-table'
import { pluginsLinks } from '~/components/admin-plugins/links'
import { configPaths } from '~/components/admin-plugins/paths'
import { usePluginsT } from '~/components/admin-plugins/use-plugins-t'
import { titleMeta } from '~/lib/meta'
import type { listLoader } from './__plugins.server'

export { listLoader as loader } from './__plugins.server'
export const links = pluginsLinks
export const meta = titleMeta

/** Spec §2 /admin plugin-configs: the node's configurations; Add and Editing over the list. */
export default function AdminPluginConfigs() {
  const { t } = usePluginsT()
  const { rows, query, total, pages, plugins } = useLoaderData<typeof listLoader>()
  const pluginNames = Object.fromEntries(plugins.map((p) => [p.id, p.name]))
  return (
    <AdminList
      title={t('plugins.configs.title')}
      subtitle={t('plugins.configs.subtitle')}
      paths={configPaths}
      query={query}
      pages={pages}
      labels={{
        add: t('plugins.configs.add'),
        search: t('plugins.configs.search'),
        searchPlaceholder: t('plugins.configs.search_placeholder'),
        total: t('plugins.configs.total', { count: total }),
      }}
      data-testid="plugin-configs-page"
    >
      <ConfigsTable rows={rows} query={query} pluginNames={pluginNames} />
    </AdminList>
  )
}
