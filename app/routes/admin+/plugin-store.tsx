import type { LoaderFunctionArgs } from '@remix-run/node'
import { AdminListPage } from '~/components/admin/admin-list-page'
import { titleMeta } from '~/lib/meta'
import { titledPage } from '~/lib/page.server'

export const loader = ({ request }: LoaderFunctionArgs) => titledPage(request, 'admin.plugin_store')
export const meta = titleMeta

/** Spec §2 /admin plugin-store: the plugin catalogue. */
export default function AdminPluginStore() {
  return <AdminListPage />
}
