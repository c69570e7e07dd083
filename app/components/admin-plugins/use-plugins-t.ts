import { useTranslation } from 'react-i18next'

/** `t` for the plugin admin pages: their namespace first, then `common` (catalogue codes). */
export function usePluginsT() {
  return useTranslation(['admin-plugins', 'common'], { nsMode: 'fallback' })
}
