import { Form, Link, Outlet, useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PageHeader } from '../page/page-header'
import { PlusIcon } from '../ui/icons'
import { Pagination } from '../ui/pagination'
import { SearchField } from '../ui/search-field'
import { type ListPaths, type ListQuery, SEARCH_MAX } from './list-query'

interface AdminListProps {
  title: string
  subtitle?: ReactNode
  paths: ListPaths
  query: ListQuery
  pages: number
  /** Already translated: the Add button, the search box's label and placeholder, the count. */
  labels: { add: string; search: string; searchPlaceholder: string; total: string }
  /** More of the search form: a filter (its fields are sent with the search). */
  filters?: ReactNode
  /** More buttons beside Add (Import). */
  actions?: ReactNode
  /** The table. */
  children: ReactNode
  'data-testid'?: string
}

/**
 * An admin page of spec §2: its title, an Add button, a search box, the table, its pages, and the
 * Add and Editing dialogs as child routes drawn over the list (`<Outlet />`). Search, pages and
 * dialogs are addresses, so all of it works without JavaScript.
 */
export function AdminList({
  title,
  subtitle,
  paths,
  query,
  pages,
  labels,
  filters,
  actions,
  children,
  ...rest
}: AdminListProps) {
  const navigate = useNavigate()
  return (
    <div className="admin-list-page" data-testid={rest['data-testid']}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {actions}
            <Link to={paths.add(query)} preventScrollReset className="button button-primary">
              <PlusIcon width={15} height={15} />
              {labels.add}
            </Link>
          </>
        }
      />
      <div className="toolbar">
        {/* A GET form: Enter searches without JavaScript; with it, typing searches after a pause. */}
        <Form method="get" action={paths.base} role="search" className="toolbar-search">
          <SearchField
            name="search"
            label={labels.search}
            placeholder={labels.searchPlaceholder}
            defaultValue={query.search}
            maxLength={SEARCH_MAX}
            onDebouncedChange={(search) =>
              navigate(paths.list({ search }), { replace: true, preventScrollReset: true })
            }
          />
          {filters}
        </Form>
        <p className="toolbar-count" aria-live="polite">
          {labels.total}
        </p>
      </div>
      {children}
      <Pagination
        page={query.page}
        totalPages={pages}
        hrefFor={(page) => paths.list({ ...query, page })}
        className="admin-list-pagination"
      />
      <Outlet />
    </div>
  )
}
