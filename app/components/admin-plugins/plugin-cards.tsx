import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import { PlusIcon } from '../ui/icons'
import { addForPlugin, configPaths } from './paths'
import { usePluginsT } from './use-plugins-t'

export type PluginRow = Schema<'Plugin'>

/** The store: one card per shipped plugin — what it does, whether the node configured it, Add. */
export function PluginCards({ plugins }: { plugins: PluginRow[] }) {
  const { t } = usePluginsT()
  return (
    <ul className="plugin-cards" data-testid="plugin-cards">
      {plugins.map((p) => {
        const full = p.single && p.configured > 0
        return (
          <li key={p.id} className="plugin-card" data-testid={`plugin-card-${p.id}`}>
            <div className="plugin-card-head">
              <h2 className="plugin-card-title">{t(p.name)}</h2>
              <span className="plugin-card-version">
                {t('plugins.store.version', { version: p.version })}
              </span>
            </div>
            <p className="plugin-card-text">{t(p.description)}</p>
            <p className={p.configured ? 'plugin-badge plugin-badge-on' : 'plugin-badge'}>
              {p.configured
                ? t('plugins.store.configured', { count: p.configured })
                : t('plugins.store.not_configured')}
            </p>
            <div className="plugin-card-actions">
              {p.configured ? (
                <Link to={configPaths.list()} className="button button-secondary button-sm">
                  {t('plugins.store.open')}
                </Link>
              ) : null}
              {full ? null : (
                <Link
                  to={addForPlugin(p.id)}
                  className="button button-primary button-sm"
                  data-testid={`add-${p.id}`}
                >
                  <PlusIcon width={14} height={14} />
                  {t('plugins.store.add')}
                </Link>
              )}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
