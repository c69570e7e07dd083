import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { ErrorScreen } from '~/components/error-screen'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'

export async function loader({ request }: LoaderFunctionArgs) {
  return data({ title: await pageTitle(request, 'errors.page_not_found.title') }, { status: 404 })
}

export const meta = titleMeta

/** Spec §2: anything unknown ends here, with a button back home. */
export default function PageNotFound() {
  const { t } = useTranslation()
  return (
    <ErrorScreen
      icon="compass"
      code="404"
      title={t('errors.page_not_found.title')}
      action={{ to: routes.home(), label: t('errors.page_not_found.action') }}
    >
      <p>{t('errors.page_not_found.text')}</p>
    </ErrorScreen>
  )
}
