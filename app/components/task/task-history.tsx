import { formatDateTime } from '@domain/fields/dates'
import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Avatar } from '~/components/layout/avatar'
import { routes } from '~/lib/routes'
import type { HistoryRow } from '~/lib/tasks/history'

/** Every change of the task, newest first: who, when, which field, old → new (PRODUCT.md §4). */
export function TaskHistory({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation()
  return (
    <section className="card task-section" aria-labelledby="task-history-title" data-testid="history">
      <h2 className="task-section-title" id="task-history-title">
        {t('tasks.history.title')}
      </h2>
      {rows.length ? (
        <ol className="history-list">
          {rows.map((r) => (
            <li key={r.id} className="history-row" data-testid="history-row">
              <div className="history-head">
                <span className="history-actor">
                  {r.actor ? (
                    <Avatar name={r.actor} logo={r.actorLogo} size={20} className="person-avatar" />
                  ) : null}
                  {r.actor || t('tasks.card.someone')}
                </span>
                <span className="history-field">{t(r.field)}</span>
                {r.batch ? (
                  <Link
                    to={routes.tasksBatches()}
                    className="history-batch"
                    title={t('bulk.history.batch_title')}
                    data-testid="history-batch"
                  >
                    {t('bulk.history.batch')}
                  </Link>
                ) : null}
              </div>
              {r.old || r.new ? (
                <div className="history-change">
                  {/* Added (nothing before) shows the new value alone; removed, the old one struck out. */}
                  {r.old ? <span className="history-old">{r.old}</span> : null}
                  {r.old && r.new ? (
                    <span className="history-arrow" aria-label={t('tasks.history.changed_to')}>
                      →
                    </span>
                  ) : null}
                  {r.new ? <span className="history-new">{r.new}</span> : null}
                </div>
              ) : null}
              <time className="history-time" dateTime={r.at}>
                {formatDateTime(r.at)}
              </time>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('tasks.history.empty')}</p>
      )}
    </section>
  )
}
