/**
 * Every link of the web app, built in one place (spec §2 routes and its named menu targets).
 * Pages, loaders, menus and tests ask for `routes.board(id)` rather than spelling `/lk/b/…`, so a
 * path changes here and nowhere else. Parameters are encoded as one path segment each.
 */

const seg = (value: string) => encodeURIComponent(value)

export const routes = {
  home: () => '/lk',
  profile: () => '/lk/profile',
  /** The profile menu's services (spec §2): the node's service centre, or what says there is none. */
  services: () => '/lk/services',
  /** The inbox (issue 13): a tab (all, unread, mentions) and a page in its query. */
  notifications: () => '/lk/notifications',
  notificationSettings: () => '/lk/notifications/settings',
  /** The footer's unread figure alone (JSON, for the page's scripts). */
  notificationsCount: () => '/lk/notifications/count',
  /** A bulk edit of a selection from the search's results (issue 24 item 4). */
  tasksEdit: () => '/lk/tasks/edit',
  /** The user's own batches, with Undo while it is possible. */
  tasksBatches: () => '/lk/tasks/batches',
  csv: () => '/lk/csv',
  csvExport: (query: string) => `/lk/csv/export?${new URLSearchParams({ query })}`,
  csvImport: (uploadId: string) => `/lk/csv/import/${seg(uploadId)}`,
  /** Saved task queries (PRODUCT.md §10): their list, to rename and delete; one opened on the search page. */
  savedQueries: () => '/lk/tasks/saved',
  savedQuery: (queryId: string) => `/lk/tasks?${new URLSearchParams({ saved: queryId })}`,
  board: (boardId: string) => `/lk/b/${seg(boardId)}`,
  /** The search page (PRODUCT.md §10): the query's RQL text in `?q=` (app/lib/search/url.ts builds the rest). */
  tasks: (query?: string) => (query ? `/lk/tasks?${new URLSearchParams({ q: query })}` : '/lk/tasks'),
  /** The header's quick find as a plain form: a task key to its card, any other text to the search. */
  quickFind: () => '/lk/find',
  /** The quick find's first matches as JSON, as the user types. */
  quickFindMatches: (text: string) => `/resources/quick-find?${new URLSearchParams({ q: text })}`,
  taskAdd: () => '/lk/t/add',
  taskAddProcess: (processKey: string) => `/lk/t/add/${seg(processKey)}`,
  /** The task card: addressed by its process's key and its own key (spec §2 route name TaskCard). */
  TaskCard: (processKey: string, taskKey: string) => `/lk/t/${seg(processKey)}/${seg(taskKey)}`,

  /** `/admin` itself leads to the users page. */
  admin: () => '/admin',
  adminUsers: () => '/admin/users',
  adminUI: () => '/admin/ui',
  adminStatuses: () => '/admin/statuses',
  adminProgress: () => '/admin/progress',
  adminProcesses: () => '/admin/processes',
  adminTeams: () => '/admin/teams',
  adminFields: () => '/admin/fields',
  /** Every field type in every state and the generic form's demos (browser tests, design review). */
  adminFieldsGallery: () => '/admin/fields/gallery',
  adminForms: () => '/admin/forms',
  adminWidgets: () => '/admin/widgets',
  adminBoards: () => '/admin/boards',
  adminPluginStore: () => '/admin/plugin-store',
  adminPluginConfigs: () => '/admin/plugin-configs',

  /** The login page, with the way back (spec §4: "go to login with a redirect query"). */
  login: (redirectTo?: string) =>
    redirectTo ? `/auth/login?${new URLSearchParams({ redirectTo })}` : '/auth/login',
  logout: () => '/auth/logout',

  pageNotFound: () => '/errors/page-not-found',
  nodeNotFound: (name: string) => `/errors/node-not-found?${new URLSearchParams({ node: name })}`,
  nodeNotBinded: () => '/errors/node-not-binded',

  /** Form targets of the shell: preferences kept in cookies. */
  setLocale: () => '/resources/locale',
  setTheme: () => '/resources/theme',
  setSidebar: () => '/resources/sidebar',
  /** A widget's card modal's data for one task (app/widgets/card-modal). */
  widgetCard: (widgetId: string, taskId: string) => `/resources/widget-card/${seg(widgetId)}/${seg(taskId)}`,
  /** A node theme's font file, by its place in the list and its hash (app/lib/theme-fonts.server.ts). */
  themeFont: (index: number, hash: string) =>
    `/resources/theme-font/${index}?${new URLSearchParams({ v: hash })}`,
} as const

export type RouteName = keyof typeof routes

/**
 * Targets a node's menu may name instead of a path (settings `menu.items[].url: "home"`): the
 * spec's named menu targets and the other pages that take no parameter.
 */
export const NAMED_TARGETS = [
  'home',
  'profile',
  'taskAdd',
  'admin',
  'adminUsers',
  'adminUI',
  'adminStatuses',
  'adminProgress',
  'adminProcesses',
  'adminTeams',
  'adminFields',
  'adminForms',
  'adminWidgets',
  'adminBoards',
  'adminPluginStore',
  'adminPluginConfigs',
] as const satisfies readonly RouteName[]
export type NamedTarget = (typeof NAMED_TARGETS)[number]

export function isNamedTarget(value: string): value is NamedTarget {
  return (NAMED_TARGETS as readonly string[]).includes(value)
}
