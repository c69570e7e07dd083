import { useTranslation } from 'react-i18next'

/**
 * `t` for /admin/ui: the admin-ui namespace first, then common (catalogue codes for field and form
 * errors, language names). react-i18next looks only in the first namespace unless told `fallback`.
 */
export function useAdminT() {
  return useTranslation(['admin-ui', 'common'], { nsMode: 'fallback' })
}
