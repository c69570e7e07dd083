import type { LoaderFunctionArgs } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { ErrorScreen } from '~/components/error-screen'
import { titleMeta } from '~/lib/meta'
import { pageTitle } from '~/lib/page.server'
import { routes } from '~/lib/routes'

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: await pageTitle(request, 'errors.node_not_binded.title') }
}

export const meta = titleMeta

/**
 * Spec §2: signed in, but not bound to this node (or without is_authorized). "Go to login" signs out
 * first (GET /auth/logout), so another account can be used.
 */
export default function NodeNotBinded() {
  const { t } = useTranslation()
  return (
    <ErrorScreen
      icon="lock"
      code="403"
      title={t('errors.node_not_binded.title')}
      action={{ to: routes.logout(), label: t('errors.node_not_binded.action'), reloadDocument: true }}
    >
      <p>{t('errors.node_not_binded.text')}</p>
    </ErrorScreen>
  )
}
