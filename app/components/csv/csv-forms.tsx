import type { DetailEntry } from '@domain/errors/catalogue'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { routes } from '~/lib/routes'

/** Problems the upstream answered (catalogue codes with their values), as an alert. */
export function CsvProblems({ problems }: { problems: readonly Pick<DetailEntry, 'type' | 'ctx'>[] }) {
  const { t } = useTranslation()
  if (!problems.length) return null
  return (
    <div className="alert alert-warning" role="alert" data-testid="csv-problems">
      <ul className="csv-problems alert-text">
        {problems.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: problems have no identity of their own
          <li key={i}>{t(p.type, p.ctx ?? {})}</li>
        ))}
      </ul>
    </div>
  )
}

/** Export: a GET form, so the download works without JavaScript. */
export function ExportForm({ query }: { query: string }) {
  const { t } = useTranslation()
  return (
    <section className="card csv-card" aria-labelledby="csv-export-title">
      <h2 id="csv-export-title">{t('tasks.csv.export.title')}</h2>
      <Form method="get" action="/lk/csv/export" reloadDocument className="form">
        <div className="field">
          <label className="field-label" htmlFor="csv-query">
            {t('tasks.csv.export.query')}
          </label>
          <input
            id="csv-query"
            className="input"
            name="query"
            defaultValue={query}
            spellCheck={false}
            aria-describedby="csv-query-hint"
          />
          <p className="field-description" id="csv-query-hint">
            {t('tasks.csv.export.hint')}
          </p>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t('tasks.csv.export.submit')}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** Import, step one: the file (multipart). */
export function UploadForm({
  problems,
  maxMb,
  maxRows,
}: {
  problems: readonly DetailEntry[]
  maxMb: number
  maxRows: number
}) {
  const { t } = useTranslation()
  return (
    <section className="card csv-card" aria-labelledby="csv-import-title">
      <h2 id="csv-import-title">{t('tasks.csv.import.title')}</h2>
      <CsvProblems problems={problems} />
      <Form method="post" action={routes.csv()} encType="multipart/form-data" className="form">
        <CsrfInput />
        <input type="hidden" name="intent" value="upload" />
        <div className="field">
          <label className="field-label" htmlFor="csv-file">
            {t('tasks.csv.import.file')}
          </label>
          <input
            id="csv-file"
            className="input input-file"
            type="file"
            name="file"
            accept=".csv,text/csv"
            aria-describedby="csv-file-hint"
          />
          <p className="field-description" id="csv-file-hint">
            {t('tasks.csv.import.hint', { mb: maxMb, rows: maxRows.toLocaleString('en').replace(/,/g, ' ') })}
          </p>
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            {t('tasks.csv.import.upload')}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** After an import: what it did, and its undo (the bulk edit's, for the whole batch). */
export function LastImport({ done }: { done: { batch: string; created: number; updated: number } }) {
  const { t } = useTranslation()
  return (
    <section className="card csv-card" aria-labelledby="csv-done-title" data-testid="csv-done">
      <h2 id="csv-done-title">{t('tasks.csv.done.title')}</h2>
      <p>{t('csv.imported', { created: done.created, updated: done.updated })}</p>
      <Form method="post" action={routes.csv()}>
        <CsrfInput />
        <input type="hidden" name="batch" value={done.batch} />
        <button type="submit" name="intent" value="undo" className="button button-secondary">
          {t('tasks.csv.undo')}
        </button>
      </Form>
    </section>
  )
}
