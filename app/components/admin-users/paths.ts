import { ADMIN_PER_PAGE, listPaths } from '../admin/list-query'

/** Addresses of /admin/users and its dialogs (the shared list query of app/components/admin/). */
const users = listPaths('/admin/users')

export const USERS_PATH = users.base
export const USERS_PER_PAGE = ADMIN_PER_PAGE
export { type ListQuery, readListQuery, SEARCH_MAX } from '../admin/list-query'

export const usersHref = users.list
export const newUserHref = users.add
export const userHref = users.item
