import { routes } from '~/lib/routes'
import { listPaths } from '../admin/list-query'

/** The four workflow lists (their targets in app/lib/routes.ts) and their dialogs. */
export const statusPaths = listPaths(routes.adminStatuses())
export const progressPaths = listPaths(routes.adminProgress())
export const processPaths = listPaths(routes.adminProcesses())
export const teamPaths = listPaths(routes.adminTeams())

/** The Editing dialog's question before deleting (`?confirm=delete`). */
export const CONFIRM_DELETE = { confirm: 'delete' }
