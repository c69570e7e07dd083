import type { ReactNode } from 'react'
import { I18nProvider } from 'react-aria-components/I18nProvider'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from '~/i18n'

/**
 * react-aria's dates and list formats in the page's language (spec §9: ru by default), whatever
 * the browser's is: pickers, and a multiple select's "A, B and C".
 */
export function PageLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation()
  return <I18nProvider locale={i18n.language || DEFAULT_LANGUAGE}>{children}</I18nProvider>
}
