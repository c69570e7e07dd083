import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import adminStyles from '~/components/admin/admin.css'
import { SEARCH_MAX } from '~/components/admin/list-query'
import fieldsStyles from '~/components/admin-fields/admin-fields.css'
import { FieldsTable } from '~/components/admin-fields/fields-table'
import { FIELDS_PATH, fieldsHref, newFieldHref } from '~/components/admin-fields/paths'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import usersStyles from '~/components/admin-users/admin-users.css'
import { PlusIcon } from '~/components/ui/icons'
import { Pagination } from '~/components/ui/pagination'
import { SearchField } from '~/components/ui/search-field'
import { fieldLinks } from '~/fields/links'
import type { loader } from './__fields-list.server'

export { loader } from './__fields-list.server'

// The list scaffolding (toolbar, badge, confirm) is /admin/users' stylesheet; the dialog's fields
// are the generic form's.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: usersStyles },
  { rel: 'stylesheet', href: fieldsStyles },
  ...fieldLinks(),
]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/**
 * /admin/fields (spec §2, PRODUCT.md §5): the node's fields with search and pages, an Add button,
 * and the Add and Editing dialogs as child routes over the list.
 */
export default function FieldsPage() {
  const { t } = useAdminFieldsT()
  const { fields, query, total, pages, node } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  return (
    <div className="users-page afl-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('admin_fields.title')}</h1>
          <p className="page-subtitle">{t('admin_fields.subtitle', { node })}</p>
        </div>
        <Link
          to={newFieldHref(query)}
          preventScrollReset
          className="button button-primary"
          data-testid="admin-add"
        >
          <PlusIcon width={15} height={15} />
          {t('admin_fields.add')}
        </Link>
      </header>
      <div className="toolbar">
        <Form method="get" action={FIELDS_PATH} role="search" className="toolbar-search">
          <SearchField
            name="search"
            label={t('admin_fields.search.label')}
            placeholder={t('admin_fields.search.placeholder')}
            defaultValue={query.search}
            maxLength={SEARCH_MAX}
            onDebouncedChange={(search) =>
              navigate(fieldsHref({ search }), { replace: true, preventScrollReset: true })
            }
          />
        </Form>
        <p className="toolbar-count" aria-live="polite">
          {t('admin_fields.total', { count: total })}
        </p>
      </div>
      <FieldsTable fields={fields} query={query} />
      <Pagination
        page={query.page}
        totalPages={pages}
        hrefFor={(page) => fieldsHref({ ...query, page })}
        className="users-pagination"
      />
      <Outlet />
    </div>
  )
}
