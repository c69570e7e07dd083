import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { LayoutIcon } from '~/components/ui/icons'
import { i18next } from '~/lib/i18next.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request)
  return { title: t('lk.home.title') }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/** The personal dashboard (spec §2 /lk home). Widgets come with the boards; until then, the empty state. */
export default function HomePage() {
  const { t } = useTranslation()
  return (
    <>
      <h1 className="page-title">{t('lk.home.title')}</h1>
      <section className="empty-state" aria-labelledby="empty-title">
        <span className="empty-icon">
          <LayoutIcon width={20} height={20} />
        </span>
        <p className="empty-title" id="empty-title">
          {t('lk.home.empty')}
        </p>
        <p className="empty-text">{t('lk.home.empty_hint')}</p>
      </section>
    </>
  )
}
