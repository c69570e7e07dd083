import type { LinksFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { PageHeader } from '~/components/page/page-header'
import styles from '~/components/queries/saved-queries.css'
import { Pagination } from '~/components/ui/pagination'
import { type Column, Table } from '~/components/ui/table'
import { titleMeta } from '~/lib/meta'
import type { SavedQuery } from '~/lib/queries.server'
import { routes } from '~/lib/routes'
import type { savedQueriesLoader } from './__saved-queries.server'

export { savedQueriesAction as action, savedQueriesLoader as loader } from './__saved-queries.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

/**
 * The saved queries (PRODUCT.md §10): open one on the search page, rename it, delete it. Every
 * action is a form posting to this page: it works without JavaScript.
 */
export default function SavedQueriesPage() {
  const { t } = useTranslation()
  const { title, queries, page, totalPages, userId, isAdmin } = useLoaderData<typeof savedQueriesLoader>()
  const { pathname, search } = useLocation()
  const action = `${pathname}${search}`
  const writable = (q: SavedQuery) => (q.shared ? isAdmin : q.owner.id === userId)
  const columns: Column<SavedQuery>[] = [
    {
      key: 'name',
      header: t('queries.col.name'),
      isRowHeader: true,
      cell: (q) => (
        <span className="saved-query-name">
          <Link to={routes.savedQuery(q.id)} data-testid="saved-query-open">
            {q.name}
          </Link>
          <span className={`saved-query-kind${q.shared ? ' saved-query-shared' : ''}`}>
            {q.shared ? t('queries.shared') : t('queries.personal')}
          </span>
        </span>
      ),
    },
    {
      key: 'query',
      header: t('queries.col.query'),
      cell: (q) => (q.query ? <code className="saved-query-text">{q.query}</code> : t('queries.all_tasks')),
    },
    { key: 'owner', header: t('queries.col.owner'), cell: (q) => q.owner.full_name },
    {
      key: 'actions',
      header: t('queries.col.actions'),
      cell: (q) =>
        writable(q) ? (
          <div className="saved-query-actions">
            <Form method="post" action={action} className="saved-query-rename">
              <CsrfInput />
              <input type="hidden" name="intent" value="rename" />
              <input type="hidden" name="id" value={q.id} />
              <input
                className="input"
                name="name"
                defaultValue={q.name}
                required
                maxLength={100}
                aria-label={t('queries.rename.label', { name: q.name })}
                data-testid="saved-query-name-input"
              />
              <button type="submit" className="button button-sm" data-testid="saved-query-rename">
                {t('queries.rename')}
              </button>
            </Form>
            <Form method="post" action={action}>
              <CsrfInput />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={q.id} />
              <button
                type="submit"
                className="button button-sm button-danger"
                aria-label={t('queries.delete.label', { name: q.name })}
                data-testid="saved-query-delete"
              >
                {t('queries.delete')}
              </button>
            </Form>
          </div>
        ) : null,
    },
  ]
  return (
    <div className="saved-queries" data-testid="saved-queries">
      <PageHeader title={title} subtitle={t('queries.subtitle')} />
      <Table
        columns={columns}
        rows={queries}
        rowKey={(q) => q.id}
        caption={title}
        empty={t('queries.empty')}
        className="saved-queries-table"
      />
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefFor={(p) => (p > 1 ? `${routes.savedQueries()}?page=${p}` : routes.savedQueries())}
      />
    </div>
  )
}
