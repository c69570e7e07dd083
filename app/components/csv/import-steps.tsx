import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { routes } from '~/lib/routes'
import type { DryRun } from '~/routes/lk+/__csv.server'

export interface Upload {
  id: string
  headers: string[]
  mapping: (string | null)[]
}
export interface Chosen {
  mapping: (string | null)[]
  process_id?: string
  update_existing: boolean
}
type Option = { name: string; title: string }
type Process = { id: string; key: string; name: string }

/** The choices as hidden inputs: the confirmation imports exactly what the dry run showed. */
function ChosenInputs({ chosen }: { chosen: Chosen }) {
  return (
    <>
      <input type="hidden" name="columns" value={chosen.mapping.length} />
      {chosen.mapping.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one input per column, by its position
        <input key={i} type="hidden" name={`map.${i}`} value={m ?? ''} />
      ))}
      <input type="hidden" name="process" value={chosen.process_id ?? ''} />
      {chosen.update_existing ? <input type="hidden" name="update" value="on" /> : null}
    </>
  )
}

/** Import, step two: a field per column, the process of new tasks, whether keys update tasks. */
export function MappingForm({
  upload,
  fields,
  processes,
  chosen,
}: {
  upload: Upload
  fields: Option[]
  processes: Process[]
  chosen: Chosen | null
}) {
  const { t } = useTranslation()
  const mapping = chosen?.mapping ?? upload.mapping
  const process = chosen ? (chosen.process_id ?? '') : (processes[0]?.id ?? '')
  const update = chosen ? chosen.update_existing : upload.mapping.includes('key')
  return (
    <Form method="post" className="card csv-card form" data-testid="csv-mapping">
      <CsrfInput />
      <input type="hidden" name="columns" value={upload.headers.length} />
      <div className="table-wrap">
        <table className="table csv-map">
          <thead>
            <tr>
              <th scope="col">{t('tasks.csv.map.column')}</th>
              <th scope="col">{t('tasks.csv.map.field')}</th>
            </tr>
          </thead>
          <tbody>
            {upload.headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions of the file
              <tr key={i}>
                <th scope="row">
                  <label htmlFor={`csv-map-${i}`}>{h || '—'}</label>
                </th>
                <td>
                  <select
                    id={`csv-map-${i}`}
                    name={`map.${i}`}
                    className="input"
                    defaultValue={mapping[i] ?? ''}
                  >
                    <option value="">{t('tasks.csv.map.skip')}</option>
                    {fields.map((f) => (
                      <option key={f.name} value={f.name}>
                        {f.title}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="csv-process">
          {t('tasks.csv.map.process')}
        </label>
        <select id="csv-process" name="process" className="input csv-select" defaultValue={process}>
          <option value="">{t('tasks.csv.map.no_process')}</option>
          {processes.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.key})
            </option>
          ))}
        </select>
      </div>
      <label className="csv-check">
        <input type="checkbox" name="update" defaultChecked={update} />
        <span>{t('tasks.csv.map.update')}</span>
      </label>
      <div className="form-actions">
        <Link to={routes.csv()} className="button button-ghost">
          {t('tasks.csv.map.cancel')}
        </Link>
        <button type="submit" name="intent" value="dry" className="button button-secondary">
          {t('tasks.csv.map.dry_run')}
        </button>
      </div>
    </Form>
  )
}

function Values({
  before,
  after,
  titles,
}: {
  before: Record<string, string>
  after: Record<string, string>
  titles: Map<string, string>
}) {
  return (
    <ul className="csv-values">
      {Object.entries(after).map(([field, value]) => (
        <li key={field}>
          <span className="csv-field">{titles.get(field) ?? field}</span>:{' '}
          {field in before ? <del>{before[field] || '∅'}</del> : null} {value || '∅'}
        </li>
      ))}
    </ul>
  )
}

/** What the dry run found: counts, the rows it would write, every refused row and why; then Import. */
export function DryRunReport({ dry, chosen, fields }: { dry: DryRun; chosen: Chosen; fields: Option[] }) {
  const { t } = useTranslation()
  const titles = new Map(fields.map((f) => [f.name, f.title]))
  return (
    <section className="card csv-card" aria-labelledby="csv-dry-title" data-testid="csv-dry-run">
      <h2 id="csv-dry-title">{t('tasks.csv.dry.title')}</h2>
      <p data-testid="csv-summary">{t('tasks.csv.dry.summary', dry)}</p>
      {dry.refusals.length ? (
        <>
          <h3>{t('tasks.csv.dry.refused_title')}</h3>
          <div className="alert alert-warning" role="alert">
            <span className="alert-text">{t('tasks.csv.dry.fix')}</span>
          </div>
          <div className="table-wrap">
            <table className="table" data-testid="csv-refusals">
              <thead>
                <tr>
                  <th scope="col">{t('tasks.csv.dry.line')}</th>
                  <th scope="col">{t('tasks.csv.dry.key')}</th>
                  <th scope="col">{t('tasks.csv.dry.reasons')}</th>
                </tr>
              </thead>
              <tbody>
                {dry.refusals.map((r) => (
                  <tr key={r.line}>
                    <td>{r.line}</td>
                    <td>{r.key ?? ''}</td>
                    <td>
                      <ul className="csv-reasons">
                        {r.detail.map((d, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: reasons of one row, in order
                          <li key={i}>
                            {d.ctx?.column ? <strong>{String(d.ctx.column)}: </strong> : null}
                            {t(d.type, d.ctx ?? {})}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {dry.rows.length ? (
        <div className="table-wrap">
          <table className="table" data-testid="csv-rows">
            <thead>
              <tr>
                <th scope="col">{t('tasks.csv.dry.line')}</th>
                <th scope="col">{t('tasks.csv.dry.action')}</th>
                <th scope="col">{t('tasks.csv.dry.key')}</th>
                <th scope="col">{t('tasks.csv.dry.values')}</th>
              </tr>
            </thead>
            <tbody>
              {dry.rows.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{t(`tasks.csv.dry.${r.action === 'create' ? 'create' : 'update'}`)}</td>
                  <td>{r.key ?? ''}</td>
                  <td>
                    <Values before={r.before} after={r.after} titles={titles} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {dry.rows.length < dry.created + dry.updated ? (
        <p className="field-description">{t('tasks.csv.dry.shown', { count: dry.rows.length })}</p>
      ) : null}
      {dry.refused === 0 && dry.created + dry.updated > 0 ? (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <ChosenInputs chosen={chosen} />
          <button type="submit" name="intent" value="run" className="button button-primary">
            {t('tasks.csv.confirm')}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
