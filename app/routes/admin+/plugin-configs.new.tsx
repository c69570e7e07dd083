import { Link, useLoaderData } from '@remix-run/react'
import { ConfigForm } from '~/components/admin-plugins/config-form'
import { addForPlugin, configPaths } from '~/components/admin-plugins/paths'
import { usePluginsT } from '~/components/admin-plugins/use-plugins-t'
import { Dialog } from '~/components/ui/dialog'
import type { newLoader } from './__plugins.server'

export { newAction as action, newLoader as loader } from './__plugins.server'

/** /admin/plugin-configs/new: choose a plugin, then its form; once created, its Editing dialog. */
export default function NewPluginConfigDialog() {
  const { t } = usePluginsT()
  const { query, plugins, pluginId } = useLoaderData<typeof newLoader>()
  const plugin = plugins.find((p) => p.id === pluginId)
  return (
    <Dialog
      title={t('plugins.new.title')}
      subtitle={plugin ? <span className="dialog-subtitle-name">{t(plugin.name)}</span> : undefined}
      closeHref={configPaths.list(query)}
      size="lg"
      data-testid="plugin-config-new-dialog"
    >
      {plugin ? (
        <ConfigForm
          key={plugin.id}
          pluginId={plugin.id}
          mode="create"
          action={addForPlugin(plugin.id, query)}
        />
      ) : (
        <>
          <p className="muted">{t('plugins.new.choose')}</p>
          <ul className="plugin-choices">
            {plugins
              .filter((p) => !p.config_id)
              .map((p) => (
                <li key={p.id}>
                  <Link
                    to={addForPlugin(p.id, query)}
                    className="plugin-choice"
                    data-testid={`choose-${p.id}`}
                  >
                    <strong>{t(p.name)}</strong>
                    <span className="plugin-choice-text">{t(p.description)}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </>
      )}
    </Dialog>
  )
}
