import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import type { ListQuery } from '../admin/list-query'
import { useEditColumn } from '../admin-workflow/edit-link'
import { type Column, Table } from '../ui/table'
import { configPaths } from './paths'
import { usePluginsT } from './use-plugins-t'

export type ConfigRow = Schema<'PluginConfig'>

/** The node's configurations: name (opens Editing), the plugin, enabled or not. */
export function ConfigsTable({
  rows,
  query,
  pluginNames,
}: {
  rows: ConfigRow[]
  query: ListQuery
  pluginNames: Record<string, string>
}) {
  const { t } = usePluginsT()
  const href = (id: string) => configPaths.item(id, query)
  const columns: Column<ConfigRow>[] = [
    {
      key: 'name',
      header: t('plugins.column.name'),
      isRowHeader: true,
      className: 'cell-name',
      cell: (c) => (
        <Link to={href(c.id)} preventScrollReset className="row-link">
          {c.name}
        </Link>
      ),
    },
    {
      key: 'plugin',
      header: t('plugins.column.plugin'),
      cell: (c) => t(pluginNames[c.plugin_id] ?? c.plugin_id),
    },
    {
      key: 'state',
      header: t('plugins.column.state'),
      cell: (c) => (
        <span className={c.enabled ? 'plugin-badge plugin-badge-on' : 'plugin-badge'}>
          {c.enabled ? t('plugins.state.enabled') : t('plugins.state.disabled')}
        </span>
      ),
    },
    useEditColumn<ConfigRow>(href, (c) => c.name),
  ]
  return (
    <Table
      caption={t('plugins.configs.title')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="plugin-configs-table"
      empty={t('plugins.configs.empty')}
    />
  )
}
