import type { Schema } from '~/lib/upstream/types'
import { type Column, Table } from '../ui/table'
import { usePluginsT } from './use-plugins-t'

export type Delivery = Schema<'PluginDelivery'>

/** A configuration's deliveries, newest first: what, how it went, how many attempts, the last answer. */
export function DeliveryLog({ rows }: { rows: Delivery[] }) {
  const { t, i18n } = usePluginsT()
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'UTC',
  })
  const columns: Column<Delivery>[] = [
    {
      key: 'time',
      header: t('plugins.log.time'),
      isRowHeader: true,
      cell: (d) => when.format(new Date(d.created_at)),
    },
    {
      key: 'event',
      header: t('plugins.log.event'),
      cell: (d) => (d.event_type === 'ping' ? t('plugins.log.ping') : t(`plugins.events.${d.event_type}`)),
    },
    {
      key: 'status',
      header: t('plugins.log.status'),
      cell: (d) => (
        <span className={`plugin-badge plugin-delivery-${d.status}`} data-testid="delivery-status">
          {t(`plugins.log.${d.status}`)}
        </span>
      ),
    },
    { key: 'attempts', header: t('plugins.log.attempts'), className: 'cell-count', cell: (d) => d.attempts },
    {
      key: 'answer',
      header: t('plugins.log.answer'),
      className: 'plugin-log-answer',
      cell: (d) => {
        const answer = d.last_answer?.startsWith('plugins.') ? t(d.last_answer) : d.last_answer
        const text = [d.last_status ? `HTTP ${d.last_status}` : null, answer].filter(Boolean).join(' · ')
        return text || <span className="muted">—</span>
      },
    },
  ]
  return (
    <Table
      caption={t('plugins.section.log')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      className="plugin-log-table"
      empty={t('plugins.log.empty')}
    />
  )
}
