import { formatDateTime } from '@domain/fields/dates'
import type { LinksFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import styles from '~/components/bulk/bulk.css'
import { CsrfInput } from '~/components/csrf-input'
import { PageHeader } from '~/components/page/page-header'
import { Pagination } from '~/components/ui/pagination'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { loader } from './__batches.server'

export { action, loader } from './__batches.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

const pageHref = (page: number) =>
  page > 1 ? `${routes.tasksBatches()}?${new URLSearchParams({ page: String(page) })}` : routes.tasksBatches()

/** The user's own batches, newest first: kind, when, how many tasks, Undo or why not. */
export default function BatchesPage() {
  const { t } = useTranslation()
  const { title, page, totalPages, rows, problems } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  return (
    <div className="bulk-page" data-testid="batches-page">
      <PageHeader
        title={title}
        subtitle={t('bulk.batches.subtitle')}
        actions={
          <Link to={routes.tasks()} className="button button-ghost">
            {t('bulk.batches.to_search')}
          </Link>
        }
      />
      {problems.length ? (
        <div className="alert alert-warning" role="alert">
          <p className="alert-text">{t(problems[0]!.type)}</p>
        </div>
      ) : null}
      {rows.length ? (
        <ul className="card batch-list" data-testid="batches">
          {rows.map((b) => (
            <li key={b.id} className="batch-row" data-batch={b.id} data-testid="batch-row">
              <div className="batch-main">
                <span className="batch-kind">{t(`bulk.batches.kind.${b.kind}`)}</span>
                <time className="batch-when muted" dateTime={b.created_at}>
                  {formatDateTime(b.created_at)}
                </time>
              </div>
              <span className="batch-count">{t('bulk.batches.count', { count: b.count })}</span>
              <div className="batch-undo">
                {b.undoable ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="undo" />
                    <input type="hidden" name="batch" value={b.id} />
                    <input type="hidden" name="back" value={`${pathname}${search}`} />
                    <button
                      type="submit"
                      className="button button-secondary"
                      aria-label={t('bulk.batches.undo_label', {
                        kind: t(`bulk.batches.kind.${b.kind}`),
                        when: formatDateTime(b.created_at),
                      })}
                    >
                      {t('bulk.undo')}
                    </button>
                  </Form>
                ) : (
                  <span className="batch-reason muted">
                    {t(b.reason ?? 'bulk.batches.reason.not_undoable')}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="card bulk-empty" data-testid="batches-empty">
          <p>{t('bulk.batches.empty')}</p>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={pageHref} />
    </div>
  )
}
