import { useLoaderData } from '@remix-run/react'
import { pluginsLinks } from '~/components/admin-plugins/links'
import { PluginCards } from '~/components/admin-plugins/plugin-cards'
import { usePluginsT } from '~/components/admin-plugins/use-plugins-t'
import { PageHeader } from '~/components/page/page-header'
import { titleMeta } from '~/lib/meta'
import type { storeLoader } from './__plugins.server'

export { storeLoader as loader } from './__plugins.server'
export const links = pluginsLinks
export const meta = titleMeta

/** Spec §2 /admin plugin-store: the plugins shipped with the server, configured here or not. */
export default function AdminPluginStore() {
  const { t } = usePluginsT()
  const { plugins } = useLoaderData<typeof storeLoader>()
  return (
    <div className="admin-list-page" data-testid="plugin-store-page">
      <PageHeader title={t('plugins.store.title')} subtitle={t('plugins.store.subtitle')} />
      <PluginCards plugins={plugins} />
    </div>
  )
}
