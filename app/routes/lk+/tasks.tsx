import { MAX_QUERY_LENGTH } from '@domain/rql'
import type { LinksFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '~/components/page/page-header'
import { QueryBox } from '~/components/rql/query-box'
import rqlStyles from '~/components/rql/rql.css'
import { ColumnPicker } from '~/components/search/column-picker'
import { ResultsTable } from '~/components/search/results-table'
import styles from '~/components/search/search.css'
import { pageCount } from '~/components/ui/page-items'
import { Pagination } from '~/components/ui/pagination'
import { titleMeta } from '~/lib/meta'
import { firstSort, SEARCH_PATH, searchHref, withSort } from '~/lib/search/url'
import type { searchLoader } from './__search.server'

export { searchAction as action, searchLoader as loader } from './__search.server'
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: rqlStyles },
  { rel: 'stylesheet', href: styles },
]
export const meta = titleMeta

/**
 * /lk/tasks, the search page (PRODUCT.md §10): a query in the task query language, its results a
 * page at a time. The query is the address (`?q=`, sorting its `order by`, `?page=`): a GET form,
 * header links and page links, so everything but completion works without JavaScript.
 */
export default function SearchPage() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof searchLoader>()
  const { q, page, errors, rows, columns, total, perPage } = data
  const location = useLocation()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location.pathname === SEARCH_PATH
  const back = `${location.pathname}${location.search}`
  const sort = firstSort(q)
  return (
    <div className="search-page" data-testid="search-page">
      <PageHeader title={data.title} subtitle={t('search.subtitle')} />
      <Form method="get" action={SEARCH_PATH} className="search-form" role="search">
        <QueryBox
          id="search-q"
          name="q"
          // A new search (Back, a header, a link) puts its own text in the box.
          resetKey={q}
          label={t('search.query.label')}
          hint={t('search.query.hint')}
          placeholder={t('search.query.placeholder')}
          initial={q}
          serverErrors={errors}
          custom={data.custom}
          vocabulary={data.vocabulary}
          maxLength={MAX_QUERY_LENGTH}
          rows={2}
          okText={t('search.query.ok')}
          emptyText={t('search.query.empty')}
          submitOnEnter
        />
        <div className="search-actions">
          <button type="submit" className="button button-primary" data-testid="search-submit">
            {t('search.submit')}
          </button>
          {q ? (
            <a href={SEARCH_PATH} className="button button-ghost">
              {t('search.reset')}
            </a>
          ) : null}
        </div>
      </Form>
      {total ? (
        <>
          <div className="search-bar">
            <p className="search-total" aria-live="polite" data-testid="search-total">
              {total.exact
                ? t('search.total', { count: total.count })
                : t('search.total_capped', { count: total.count, value: total.count.toLocaleString('en') })}
            </p>
            <ColumnPicker choices={data.choices} chosen={columns} back={back} />
          </div>
          <div className={searching ? 'search-busy' : undefined} aria-busy={searching || undefined}>
            <ResultsTable
              rows={rows}
              columns={columns}
              caption={t('search.caption')}
              sort={sort}
              sortHref={(key) => {
                const next = withSort(q, key)
                return next === null ? null : searchHref({ q: next })
              }}
              empty={t(page > 1 ? 'search.empty_page' : 'search.empty')}
            />
          </div>
          <Pagination
            className="search-pagination"
            page={page}
            totalPages={pageCount(total.count, perPage)}
            more={!total.exact}
            hrefFor={(to) => searchHref({ q, page: to })}
          />
        </>
      ) : null}
    </div>
  )
}
