import type { DetailEntry } from '@domain/errors/catalogue'
import type { LinksFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import styles from '~/components/csv/csv.css'
import { ExportForm, LastImport, UploadForm } from '~/components/csv/csv-forms'
import { PageHeader } from '~/components/page/page-header'
import { titleMeta } from '~/lib/meta'
import type { csvAction, csvLoader } from './__csv.server'

export { csvAction as action, csvLoader as loader } from './__csv.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

/** Tasks out as CSV (a task query) and in (upload → map → dry run → import, undoable). */
export default function CsvPage() {
  const { t } = useTranslation()
  const { title, query, done, limits, enabled } = useLoaderData<typeof csvLoader>()
  const action = useActionData<typeof csvAction>()
  const problems = (action?.problems ?? []) as DetailEntry[]
  return (
    <div className="csv-page" data-testid="csv-page">
      <PageHeader title={title} subtitle={t('tasks.csv.subtitle')} />
      {enabled ? (
        <>
          {done ? <LastImport done={done} /> : null}
          <ExportForm query={query} />
          <UploadForm problems={problems} maxMb={limits.mb} maxRows={limits.rows} />
        </>
      ) : (
        <div className="alert alert-info" role="status" data-testid="csv-off">
          <p className="alert-text">{t('csv.disabled')}</p>
        </div>
      )}
    </div>
  )
}
