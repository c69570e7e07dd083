import { routes } from '~/lib/routes'
import { type ListQuery, listPaths, listSearch } from '../admin/list-query'

/** /admin/plugin-configs and its dialogs; Add for one plugin is `?plugin=<id>`. */
export const configPaths = listPaths(routes.adminPluginConfigs())

export const addForPlugin = (pluginId: string, q: Partial<ListQuery> = {}) =>
  `${routes.adminPluginConfigs()}/new${listSearch(q, { plugin: pluginId })}`

/** The Editing dialog's question before deleting (`?confirm=delete`). */
export const CONFIRM_DELETE = { confirm: 'delete' }
