import { routes } from '~/lib/routes'
import { listPaths } from '../admin/list-query'

/** Addresses of /admin/fields and its dialogs (the shared list query of app/components/admin/). */
export const fieldPaths = listPaths(routes.adminFields())

export const FIELDS_PATH = fieldPaths.base
export { type ListQuery, readListQuery } from '../admin/list-query'

export const fieldsHref = fieldPaths.list
export const newFieldHref = fieldPaths.add
export const fieldHref = fieldPaths.item
