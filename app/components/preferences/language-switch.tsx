import { useFetcher, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { SUPPORTED_LANGUAGES } from '~/i18n'
import { routes } from '~/lib/routes'
import { CsrfInput } from '../csrf-input'

/** Latin codes on the buttons: they render with any font (the full names are the accessible labels). */
const SHORT: Record<string, string> = { ru: 'RU', en: 'EN', zh: 'ZH' }

/**
 * Three submit buttons posting to /resources/locale: without JavaScript the form posts and the
 * server redirects back; with it, a fetcher does the same and the page revalidates in place. The
 * root then mirrors the language into local storage `_l` (spec §9).
 */
export function LanguageSwitch({ current }: { current: string }) {
  const { t } = useTranslation()
  const fetcher = useFetcher({ key: 'locale' })
  const location = useLocation()
  const pending = fetcher.formData?.get('lng')
  const active = typeof pending === 'string' ? pending : current
  return (
    <fetcher.Form
      method="post"
      action={routes.setLocale()}
      className="segmented"
      aria-label={t('header.language')}
    >
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="submit"
          name="lng"
          value={lng}
          className="segmented-item"
          aria-pressed={active === lng}
          title={t(`language.${lng}`)}
          lang={lng}
        >
          <span aria-hidden="true">{SHORT[lng]}</span>
          <span className="visually-hidden">{t(`language.${lng}`)}</span>
        </button>
      ))}
    </fetcher.Form>
  )
}
