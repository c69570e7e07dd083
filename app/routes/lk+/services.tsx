import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '~/components/page/page-header'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { servicesLoader } from './__services.server'

export { servicesLoader as loader } from './__services.server'
export const meta = titleMeta

/** Services with no service centre connected: what the profile menu's entry opens. */
export default function ServicesPage() {
  const { t } = useTranslation()
  const { title, isAdmin } = useLoaderData<typeof servicesLoader>()
  return (
    <div data-testid="services-page">
      <PageHeader title={title} />
      <div className="alert alert-info" role="status">
        <p className="alert-text">{t('lk.services.none')}</p>
        {isAdmin ? (
          <p className="alert-text">
            <Link to={routes.adminPluginConfigs()}>{t('lk.services.connect')}</Link>
          </p>
        ) : null}
      </div>
    </div>
  )
}
