import { routes } from '~/lib/routes'
import { type ListPaths, type ListQuery, listPaths, listSearch } from '../admin/list-query'

/** The boards list and its dialogs (Add, Editing, Import) and the board's export file. */
export const boardPaths = {
  ...listPaths(routes.adminBoards()),
  import: (q: Partial<ListQuery> = {}) => `${routes.adminBoards()}/import${listSearch(q)}`,
  export: (id: string) => `${routes.adminBoards()}/${encodeURIComponent(id)}/export`,
}

/** The widgets list's query: its page and search, and the type it keeps to ('' = every type). */
export interface WidgetListQuery extends ListQuery {
  type: string
}

/**
 * The widgets list and its dialogs, keeping the list's type filter along with its page and search,
 * so closing a dialog goes back to the list as it was.
 */
export function widgetPaths(type: string): ListPaths {
  const base = listPaths(routes.adminWidgets())
  const extra: Record<string, string> = type ? { type } : {}
  const withType = (url: string) => {
    if (!type) return url
    const [path, search = ''] = url.split('?')
    const params = new URLSearchParams(search)
    params.set('type', type)
    return `${path}?${params}`
  }
  return {
    base: base.base,
    list: (q) => withType(base.list(q)),
    add: (q) => withType(base.add(q)),
    item: (id, q, more) => base.item(id, q, { ...extra, ...more }),
  }
}

/** The Editing dialog's question before deleting (`?confirm=delete`). */
export const CONFIRM_DELETE = { confirm: 'delete' }
