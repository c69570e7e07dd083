import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Trans, useTranslation } from 'react-i18next'
import { ErrorScreen } from '~/components/error-screen'
import { titleMeta } from '~/lib/meta'
import { cleanNodeName, nodeName } from '~/lib/node.server'
import { pageTitle } from '~/lib/page.server'

export async function loader({ request }: LoaderFunctionArgs) {
  // The name the access check sent; a plain DNS label only, else the one this host names.
  const node = cleanNodeName(new URL(request.url).searchParams.get('node')) ?? nodeName(request)
  return data({ node, title: await pageTitle(request, 'errors.node_not_found.title') }, { status: 404 })
}

export const meta = titleMeta

/** Spec §2: the host names a node that does not exist — show its name, suggest checking the address. */
export default function NodeNotFound() {
  const { t } = useTranslation()
  const { node } = useLoaderData<typeof loader>()
  return (
    <ErrorScreen icon="compass" code="404" title={t('errors.node_not_found.title')}>
      <p data-testid="node-name-text">
        <Trans i18nKey="errors.node_not_found.text" values={{ node }} components={{ strong: <strong /> }} />
      </p>
    </ErrorScreen>
  )
}
