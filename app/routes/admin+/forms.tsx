import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import adminStyles from '~/components/admin/admin.css'
import { SEARCH_MAX } from '~/components/admin/list-query'
import fieldsStyles from '~/components/admin-fields/admin-fields.css'
import { useAdminFieldsT } from '~/components/admin-fields/use-admin-fields-t'
import formsStyles from '~/components/admin-forms/admin-forms.css'
import { FormsTable } from '~/components/admin-forms/forms-table'
import { FORMS_PATH, formsHref, newFormHref } from '~/components/admin-forms/paths'
import usersStyles from '~/components/admin-users/admin-users.css'
import { PlusIcon } from '~/components/ui/icons'
import { Pagination } from '~/components/ui/pagination'
import { SearchField } from '~/components/ui/search-field'
import { fieldLinks } from '~/fields/links'
import type { loader } from './__forms-list.server'

export { loader } from './__forms-list.server'

// The list scaffolding is /admin/users' stylesheet; the preview's fields are the generic form's.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: adminStyles },
  { rel: 'stylesheet', href: usersStyles },
  { rel: 'stylesheet', href: fieldsStyles },
  { rel: 'stylesheet', href: formsStyles },
  ...fieldLinks(),
]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/** /admin/forms (spec §2, PRODUCT.md §5): the node's forms, Add, and the editor as a dialog route. */
export default function FormsPage() {
  const { t } = useAdminFieldsT()
  const { forms, query, total, pages, node } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  return (
    <div className="users-page afl-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">{t('admin_forms.title')}</h1>
          <p className="page-subtitle">{t('admin_forms.subtitle', { node })}</p>
        </div>
        <Link
          to={newFormHref(query)}
          preventScrollReset
          className="button button-primary"
          data-testid="admin-add"
        >
          <PlusIcon width={15} height={15} />
          {t('admin_forms.add')}
        </Link>
      </header>
      <div className="toolbar">
        <Form method="get" action={FORMS_PATH} role="search" className="toolbar-search">
          <SearchField
            name="search"
            label={t('admin_forms.search.label')}
            placeholder={t('admin_forms.search.placeholder')}
            defaultValue={query.search}
            maxLength={SEARCH_MAX}
            onDebouncedChange={(search) =>
              navigate(formsHref({ search }), { replace: true, preventScrollReset: true })
            }
          />
        </Form>
        <p className="toolbar-count" aria-live="polite">
          {t('admin_forms.total', { count: total })}
        </p>
      </div>
      <FormsTable forms={forms} query={query} />
      <Pagination
        page={query.page}
        totalPages={pages}
        hrefFor={(page) => formsHref({ ...query, page })}
        className="users-pagination"
      />
      <Outlet />
    </div>
  )
}
