import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PreviewView, Reason } from '~/lib/tasks/bulk-preview.server'

/*
 * A bulk edit's dry run: how many tasks change, each task with its changes (old → new), and every
 * refused task with its reasons, translated (catalogue codes). Refused tasks stay as they are when
 * the edit is applied.
 */

function ReasonText({ reason }: { reason: Reason }) {
  const { t } = useTranslation()
  return (
    <>
      {reason.field ? <strong>{t(reason.field)}: </strong> : null}
      {t(reason.code, reason.params)}
    </>
  )
}

export function BulkPreview({ preview }: { preview: PreviewView }) {
  const { t } = useTranslation()
  const refused = preview.refusals.length
  return (
    <section className="card bulk-preview" aria-labelledby="bulk-preview-title" data-testid="bulk-preview">
      <h2 id="bulk-preview-title" className="bulk-section-title">
        {t('bulk.preview.title')}
      </h2>
      <p data-testid="bulk-summary" role="status">
        {t('bulk.preview.summary', { count: preview.count })}
        {refused ? ` ${t('bulk.preview.summary_refused', { count: refused })}` : ''}
      </p>
      {preview.problems.length ? (
        <div className="alert alert-warning" role="alert" data-testid="bulk-problems">
          <ul className="alert-text bulk-reasons">
            {preview.problems.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reasons in order
              <li key={i}>
                <ReasonText reason={r} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {refused ? (
        <>
          <h3 className="bulk-subtitle">{t('bulk.preview.refused_title')}</h3>
          <ul className="bulk-list" data-testid="bulk-refusals">
            {preview.refusals.map((r) => (
              <li key={r.key} className="bulk-item bulk-item-refused" data-task={r.key}>
                <Link to={r.href} className="bulk-key">
                  {r.key}
                </Link>
                <ul className="bulk-reasons">
                  {r.reasons.map((reason, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: reasons of one task, in order
                    <li key={i}>
                      <ReasonText reason={reason} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.tasks.length ? (
        <>
          <h3 className="bulk-subtitle">{t('bulk.preview.changes_title')}</h3>
          <ul className="bulk-list" data-testid="bulk-changes">
            {preview.tasks.map((task) => (
              <li key={task.key} className="bulk-item" data-task={task.key}>
                <Link to={task.href} className="bulk-key">
                  {task.key}
                </Link>
                <dl className="bulk-changes">
                  {task.changes.map((c) => (
                    <div key={c.field} className="bulk-change-row">
                      <dt>{t(c.field)}</dt>
                      <dd>
                        <span className="bulk-old">{c.old || t('bulk.preview.empty')}</span>
                        <span className="bulk-arrow" aria-label={t('bulk.preview.changed_to')}>
                          {' → '}
                        </span>
                        <span className="bulk-new">{c.new || t('bulk.preview.empty')}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          {preview.tasks.length < preview.count ? (
            <p className="muted">{t('bulk.preview.shown', { count: preview.tasks.length })}</p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
