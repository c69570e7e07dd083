import { isNamedTarget, routes } from './routes'

/**
 * The menus of spec §2 as plain data (rendered by app/components/layout/side-menu.tsx): the node's
 * own menu from its settings, the admin menu, and which menus a page shows. Pure, tested beside.
 */

export interface MenuEntry {
  /** Unique within its menu, stable across renders (keys, test ids, open groups). */
  id: string
  /** A translation key (the app's own entries) or the node's own text (`text`). */
  label: { key: string } | { text: string }
  href?: string
  /** Opens outside the app (http(s), mailto, tel): a plain link in a new tab. */
  external?: boolean
  icon?: string
  /** A heading: a label over the entries that follow, not a link. */
  heading?: boolean
  items?: MenuEntry[]
}

/** The node settings' menu item (domain/nodes/settings-schema.ts): three levels at most. */
export interface NodeMenuItem {
  title: string
  url?: string
  icon?: string
  heading?: boolean
  items?: NodeMenuItem[]
}

export const MENU_DEPTH = 3

/**
 * Where a node's menu URL leads: a named target (`home`, `adminUsers`…), a path on this site, or
 * an outside address (http, https, mailto, tel). Anything else (the schema refuses it already) is
 * no link at all.
 */
export function resolveMenuUrl(url: string | undefined): { href: string; external: boolean } | null {
  const u = url?.trim()
  if (!u) return null
  if (isNamedTarget(u)) return { href: routes[u](), external: false }
  if (/^(https?:|mailto:|tel:)/i.test(u)) return { href: u, external: true }
  if (/^[a-z][a-z0-9+.-]*:/i.test(u) || u.startsWith('//') || /[\s\\]/.test(u)) return null
  return { href: u.startsWith('/') ? u : `/${u}`, external: false }
}

function nodeEntries(items: NodeMenuItem[] | undefined, depth: number, prefix: string): MenuEntry[] {
  if (!Array.isArray(items) || depth > MENU_DEPTH) return []
  return items.flatMap((item, i) => {
    if (!item || typeof item.title !== 'string' || !item.title.trim()) return []
    const id = `${prefix}${i}`
    const link = item.heading ? null : resolveMenuUrl(item.url)
    const children = nodeEntries(item.items, depth + 1, `${id}.`)
    const entry: MenuEntry = { id, label: { text: item.title.trim() } }
    if (link) Object.assign(entry, link.external ? { href: link.href, external: true } : { href: link.href })
    if (item.icon) entry.icon = item.icon
    if (item.heading) entry.heading = true
    if (children.length) entry.items = children
    return [entry]
  })
}

/** The node's own menu (settings.menu.items), up to three levels; broken items are left out. */
export function nodeMenu(settings: Record<string, unknown> | undefined): MenuEntry[] {
  const menu = settings?.menu as { items?: NodeMenuItem[] } | undefined
  return nodeEntries(menu?.items, 1, 'node-')
}

const link = (id: string, key: string, href: string, icon: string): MenuEntry => ({
  id,
  label: { key },
  href,
  icon,
})
const group = (id: string, key: string, icon: string, items: MenuEntry[]): MenuEntry => ({
  id,
  label: { key },
  icon,
  items,
})

/** Spec §2 admin side menu: users; UI; statuses (statuses, progress); processes (processes, teams); forms (fields, forms); boards (widgets, boards); plugins (plugin store, plugin config). */
export function adminMenu(): MenuEntry[] {
  return [
    link('admin-users', 'admin.users', routes.adminUsers(), 'users'),
    link('admin-ui', 'admin.ui', routes.adminUI(), 'palette'),
    group('admin-statuses-group', 'admin.group.statuses', 'flag', [
      link('admin-statuses', 'admin.statuses', routes.adminStatuses(), 'flag'),
      link('admin-progress', 'admin.progress', routes.adminProgress(), 'progress'),
    ]),
    group('admin-processes-group', 'admin.group.processes', 'workflow', [
      link('admin-processes', 'admin.processes', routes.adminProcesses(), 'workflow'),
      link('admin-teams', 'admin.teams', routes.adminTeams(), 'team'),
    ]),
    group('admin-forms-group', 'admin.group.forms', 'form', [
      link('admin-fields', 'admin.fields', routes.adminFields(), 'field'),
      link('admin-forms', 'admin.forms', routes.adminForms(), 'form'),
    ]),
    group('admin-boards-group', 'admin.group.boards', 'layout', [
      link('admin-widgets', 'admin.widgets', routes.adminWidgets(), 'widget'),
      link('admin-boards', 'admin.boards', routes.adminBoards(), 'layout'),
    ]),
    group('admin-plugins-group', 'admin.group.plugins', 'plug', [
      link('admin-plugin-store', 'admin.plugin_store', routes.adminPluginStore(), 'store'),
      link('admin-plugin-configs', 'admin.plugin_configs', routes.adminPluginConfigs(), 'plug'),
    ]),
  ]
}

/** The admin menu's footer: back home, and the settings entry (which leads to the users page). */
export function adminFooter(): MenuEntry[] {
  return [
    link('footer-home', 'shell.back_home', routes.home(), 'home'),
    link('footer-settings', 'shell.settings', routes.adminUsers(), 'settings'),
  ]
}

/**
 * The personal area's menu: home, the task search (for whoever may view the tasks of some process),
 * CSV import and export, then the node's own menu.
 */
export function lkMenu(settings: Record<string, unknown> | undefined, canSearch = false): MenuEntry[] {
  return [
    link('home', 'lk.home.title', routes.home(), 'home'),
    ...(canSearch ? [link('tasks', 'search.menu', routes.tasks(), 'search')] : []),
    link('csv', 'tasks.csv.menu', routes.csv(), 'task'),
    ...nodeMenu(settings),
  ]
}

/** The personal area's footer: notifications for everyone (a panel, not a link); settings for administrators. */
export function lkFooter(isAdmin: boolean): MenuEntry[] {
  return isAdmin ? [link('footer-settings', 'shell.settings', routes.adminUsers(), 'settings')] : []
}

/** The entries a page's main (top) menu shows: the first level of the node's menu that leads somewhere. */
export function topMenu(entries: MenuEntry[]): MenuEntry[] {
  return entries.filter((e) => !e.heading && (e.href || e.items?.some((c) => c.href)))
}

/** Whether `href` is the page at `pathname` or a page under it (home only matches itself). */
export function isActive(href: string | undefined, pathname: string): boolean {
  if (!href || /^[a-z]+:/i.test(href)) return false
  const path = href.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/'
  const here = pathname.replace(/\/+$/, '') || '/'
  if (path === routes.home()) return here === path
  return here === path || here.startsWith(`${path}/`)
}

/** Whether an entry or one of its descendants is the current page (its group starts open). */
export function containsActive(entry: MenuEntry, pathname: string): boolean {
  return isActive(entry.href, pathname) || (entry.items ?? []).some((e) => containsActive(e, pathname))
}

type MenuOptions = { no_left_menu?: unknown; no_top_menu?: unknown }

/**
 * Spec §2: on a board page whose board exists, the node may hide the left and the top menu
 * (no_left_menu, no_top_menu) — for every board in its own settings, or for one board in that
 * board's settings (PRODUCT.md §7); everywhere else both are shown.
 */
export function menuVisibility(
  settings: MenuOptions | undefined,
  board: { exists: boolean; settings?: MenuOptions } | null,
): { left: boolean; top: boolean } {
  if (!board?.exists) return { left: true, top: true }
  const hides = (key: keyof MenuOptions) => settings?.[key] === true || board.settings?.[key] === true
  return { left: !hides('no_left_menu'), top: !hides('no_top_menu') }
}
