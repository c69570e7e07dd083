import { useFetcher, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { routes } from '~/lib/routes'
import type { Theme } from '~/lib/theme'
import { CsrfInput } from '../csrf-input'
import { MoonIcon, SunIcon } from '../ui/icons'

/** Posts the other theme to /resources/theme; works as a plain form without JavaScript. */
export function ThemeSwitch({ current }: { current: Theme }) {
  const { t } = useTranslation()
  const fetcher = useFetcher({ key: 'theme' })
  const location = useLocation()
  const next: Theme = current === 'dark' ? 'light' : 'dark'
  const label = next === 'light' ? t('header.theme.to_light') : t('header.theme.to_dark')
  return (
    <fetcher.Form method="post" action={routes.setTheme()}>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        name="theme"
        value={next}
        className="icon-button"
        aria-label={label}
        title={label}
      >
        {next === 'light' ? <SunIcon width={16} height={16} /> : <MoonIcon width={16} height={16} />}
      </button>
    </fetcher.Form>
  )
}
