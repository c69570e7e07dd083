import { routes } from '~/lib/routes'
import { listPaths } from '../admin/list-query'

/** Addresses of /admin/forms and its dialogs (the shared list query of app/components/admin/). */
export const formPaths = listPaths(routes.adminForms())

export const FORMS_PATH = formPaths.base
export { type ListQuery, readListQuery } from '../admin/list-query'

export const formsHref = formPaths.list
export const newFormHref = formPaths.add
export const formHref = formPaths.item
