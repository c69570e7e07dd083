import type { LinksFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import styles from '~/components/bulk/bulk.css'
import { BulkEditForm } from '~/components/bulk/bulk-edit-form'
import { BulkPreview } from '~/components/bulk/bulk-preview'
import { PageHeader } from '~/components/page/page-header'
import { fieldLinks } from '~/fields/links'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { action, BulkActionData, loader } from './__bulk-edit.server'

export { action, loader } from './__bulk-edit.server'
export const links: LinksFunction = () => [...fieldLinks(), { rel: 'stylesheet', href: styles }]
export const meta = titleMeta

/** A bulk edit of the tasks selected in the search results: edit, preview (dry run), apply. */
export default function BulkEditPage() {
  const { t } = useTranslation()
  const { title, selection, hidden, back, offer } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as BulkActionData | undefined
  const preview = result?.preview ?? null
  const count = offer.exact ? offer.total : `${offer.total}+`
  const subtitle =
    selection.kind === 'all'
      ? t('bulk.selected_all', { count: offer.total, total: count })
      : t('bulk.selected', { count: offer.total })
  return (
    <div className="bulk-page" data-testid="bulk-page">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Link to={back} className="button button-ghost">
              {t('bulk.back')}
            </Link>
            <Link to={routes.tasksBatches()} className="button button-ghost">
              {t('bulk.batches.link')}
            </Link>
          </>
        }
      />
      {selection.kind === 'all' && selection.q ? (
        <p className="bulk-query">
          {t('bulk.query')} <code>{selection.q}</code>
        </p>
      ) : null}
      <BulkEditForm
        offer={offer}
        hidden={hidden}
        posted={result?.posted ?? null}
        errors={result?.errors ?? {}}
        formErrors={result?.formErrors ?? []}
        canApply={preview !== null && preview.count > 0 && preview.problems.length === 0}
        applyCount={preview?.count ?? 0}
      />
      {preview ? <BulkPreview preview={preview} /> : null}
    </div>
  )
}
