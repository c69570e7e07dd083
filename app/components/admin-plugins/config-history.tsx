import type { FieldDefinition } from '@domain/fields/types'
import type { Schema } from '~/lib/upstream/types'
import { usePluginsT } from './use-plugins-t'

export type ConfigChange = Schema<'PluginConfigChange'>

/** Who changed the configuration and what, newest first (secrets arrive masked). */
export function ConfigHistory({
  entries,
  definitions,
}: {
  entries: ConfigChange[]
  definitions: readonly FieldDefinition[]
}) {
  const { t, i18n } = usePluginsT()
  if (!entries.length) return <p className="muted">{t('plugins.history.empty')}</p>
  const titles = new Map(definitions.map((d) => [d.name, t(d.title)]))
  const byName = new Map(definitions.map((d) => [d.name, d]))
  // A choice shows as its option's title, as the form shows it.
  const option = (key: string, v: unknown) => {
    const o = byName.get(key)?.settings.options?.find((x) => x.value === v)
    return o ? t(o.title) : String(v)
  }
  const show = (key: string, v: unknown) =>
    v === null || v === undefined || v === ''
      ? '—'
      : typeof v === 'boolean'
        ? t(v ? 'plugins.state.enabled' : 'plugins.state.disabled')
        : Array.isArray(v)
          ? v.map((x) => option(key, x)).join(', ')
          : option(key, v)
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
  return (
    <ol className="plugin-history" data-testid="plugin-history">
      {entries.map((e) => (
        <li key={e.id} className="plugin-history-entry">
          <div className="plugin-history-head">
            <strong>{t(e.action)}</strong>
            <span className="muted">
              {e.actor?.full_name ?? t('plugins.history.system')} · {when.format(new Date(e.created_at))}
            </span>
          </div>
          {Object.keys(e.changes).length ? (
            <ul className="plugin-history-changes">
              {Object.entries(e.changes).map(([key, value]) => (
                <li key={key}>
                  {titles.get(key) ?? key}: {show(key, value)}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
