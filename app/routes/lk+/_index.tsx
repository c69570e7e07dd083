import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '~/components/page/empty-state'
import { PageHeader } from '~/components/page/page-header'
import { LayoutIcon } from '~/components/ui/icons'
import { titleMeta } from '~/lib/meta'
import { titledPage } from '~/lib/page.server'

export const loader = ({ request }: LoaderFunctionArgs) => titledPage(request, 'lk.home.title')
export const meta = titleMeta

/** The personal dashboard (spec §2 /lk home). Widgets come with the boards; until then, the empty state. */
export default function HomePage() {
  const { t } = useTranslation()
  const { title } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={<LayoutIcon width={20} height={20} />} title={t('lk.home.empty')}>
        {t('lk.home.empty_hint')}
      </EmptyState>
    </>
  )
}
