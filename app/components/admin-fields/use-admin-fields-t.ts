import { useTranslation } from 'react-i18next'

/** `t` for /admin/fields and /admin/forms: their namespace, then fields (type names) and common. */
export function useAdminFieldsT() {
  return useTranslation(['admin-fields', 'fields', 'common'], { nsMode: 'fallback' })
}
