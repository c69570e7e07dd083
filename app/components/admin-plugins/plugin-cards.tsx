import { Link } from '@remix-run/react'
import type { Schema } from '~/lib/upstream/types'
import { PlusIcon } from '../ui/icons'
import { addForPlugin, configPaths } from './paths'
import { usePluginsT } from './use-plugins-t'

export type PluginRow = Schema<'Plugin'>

/**
 * The store: one card per shipped plugin — what it does, whether the node configured it, and Add;
 * a one-per-node plugin already configured is "Configured" with a link to edit that configuration.
 */
export function PluginCards({ plugins }: { plugins: PluginRow[] }) {
  const { t } = usePluginsT()
  return (
    <ul className="plugin-cards" data-testid="plugin-cards">
      {plugins.map((p) => {
        const own = p.single && p.config_id ? p.config_id : null
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
              {own
                ? t('plugins.store.configured_single')
                : p.configured
                  ? t('plugins.store.configured', { count: p.configured })
                  : t('plugins.store.not_configured')}
            </p>
            <div className="plugin-card-actions">
              {own ? (
                <Link
                  to={configPaths.item(own)}
                  className="button button-secondary button-sm"
                  data-testid={`edit-${p.id}`}
                >
                  {t('plugins.store.edit')}
                </Link>
              ) : p.configured ? (
                <Link to={configPaths.list()} className="button button-secondary button-sm">
                  {t('plugins.store.open')}
                </Link>
              ) : null}
              {own ? null : (
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
