import type { DetailEntry } from '@domain/errors/catalogue'
import type { LinksFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import styles from '~/components/csv/csv.css'
import { CsvProblems } from '~/components/csv/csv-forms'
import { type Chosen, DryRunReport, MappingForm } from '~/components/csv/import-steps'
import { PageHeader } from '~/components/page/page-header'
import { titleMeta } from '~/lib/meta'
import type { DryRun, importAction, importLoader } from './__csv.server'

export { importAction as action, importLoader as loader } from './__csv.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

/** Import, steps two to four: map the columns, the dry run, the confirmation. */
export default function CsvImportPage() {
  const { t } = useTranslation()
  const { title, upload, fields, processes } = useLoaderData<typeof importLoader>()
  const action = useActionData<typeof importAction>()
  const chosen = (action?.chosen ?? null) as Chosen | null
  const dry = (action?.dry ?? null) as DryRun | null
  const delimiter = upload.delimiter === '\t' ? 'tab' : upload.delimiter
  return (
    <div className="csv-page" data-testid="csv-import-page">
      <PageHeader title={title} subtitle={t('tasks.csv.map.subtitle', { rows: upload.rows, delimiter })} />
      <CsvProblems problems={(action?.problems ?? []) as DetailEntry[]} />
      <MappingForm upload={upload} fields={fields} processes={processes} chosen={chosen} />
      {dry && chosen ? <DryRunReport dry={dry} chosen={chosen} fields={fields} /> : null}
    </div>
  )
}
