import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { type ShouldRevalidateFunction, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ActionData } from '~/components/admin-ui/action-data'
import styles from '~/components/admin-ui/admin-ui.css'
import { GeneralForm } from '~/components/admin-ui/general-form'
import { LogoForm } from '~/components/admin-ui/logo-form'
import { MapForm } from '~/components/admin-ui/map-form'
import { MenuForm } from '~/components/admin-ui/menu-form'
import type { Section } from '~/components/admin-ui/schemas'
import { SignInPointer } from '~/components/admin-ui/sign-in-pointer'
import { FontsForm, ThemeForm } from '~/components/admin-ui/theme-form'
import { useAdminT } from '~/components/admin-ui/use-admin-t'
import type { loader } from './__ui.server'

export { action, loader } from './__ui.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.title} · Nodus` : 'Nodus' },
]

/**
 * After a refused save the page keeps what it showed (a conflict must not quietly adopt the
 * newer settings, or the next Save would overwrite them); a menu editing step stores nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  formData,
  defaultShouldRevalidate,
}) => {
  if (actionStatus !== undefined && actionStatus >= 400) return false
  const intent = formData?.get('intent')
  if (typeof intent === 'string' && intent.startsWith('menu:') && intent !== 'menu:save') return false
  return defaultShouldRevalidate
}

const NAV: { id: Section | 'sign-in'; key: string }[] = [
  { id: 'logo', key: 'ui.logo.title' },
  { id: 'general', key: 'ui.general.title' },
  { id: 'menu', key: 'ui.menu.title' },
  { id: 'map', key: 'ui.map.title' },
  { id: 'theme', key: 'ui.theme.title' },
  { id: 'sign-in', key: 'ui.sign_in.title' },
]

/**
 * /admin/ui (spec §2 adminUI): the node's logo, language, layout switches, menu, map tiles and theme
 * (CSS and fonts); sign-in points to
 * the Single sign-on plugin's configuration.
 */
export default function AdminUiPage() {
  const { t } = useAdminT()
  const { domain, logo, general, menu, map, theme, fonts, signIn, bases } = useLoaderData<typeof loader>()
  const actionData = useActionData() as ActionData | undefined
  const navigation = useNavigation()
  const resultFor = (section: Section) =>
    navigation.state === 'idle' && actionData?.section === section ? actionData.result : undefined

  return (
    <div className="aui-page">
      <header className="aui-page-head">
        <div>
          <h1 className="page-title aui-page-title">{t('ui.title')}</h1>
          <p className="aui-page-subtitle">
            {t('ui.subtitle')} <span className="node-badge">{domain}</span>
          </p>
        </div>
        <nav className="aui-nav" aria-label={t('ui.nav.label')}>
          {NAV.map((item) => (
            <a key={item.id} href={`#${item.id}`} className="aui-nav-link">
              {t(item.key)}
            </a>
          ))}
        </nav>
      </header>
      {/* Each form is rebuilt when its part of the settings changes (after a save). The keys name
          their section: two sections with equal values (both empty) have equal bases, and equal
          keys among siblings make React keep a stale form beside the new one. */}
      <LogoForm key={`logo:${bases.logo}`} logo={logo} base={bases.logo} lastResult={resultFor('logo')} />
      <GeneralForm
        key={`general:${bases.general}`}
        value={general}
        base={bases.general}
        lastResult={resultFor('general')}
      />
      <MenuForm stored={menu} base={bases.menu} posted={actionData} />
      <MapForm key={`map:${bases.map}`} value={map} base={bases.map} lastResult={resultFor('map')} />
      <ThemeForm
        key={`theme:${bases.theme}`}
        css={theme.css}
        base={bases.theme}
        lastResult={resultFor('theme')}
      />
      <FontsForm
        key={`fonts:${bases.fonts}`}
        fonts={fonts}
        base={bases.fonts}
        lastResult={resultFor('fonts')}
      />
      <SignInPointer {...signIn} />
    </div>
  )
}
