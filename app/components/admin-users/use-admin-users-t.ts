import { useTranslation } from 'react-i18next'

/**
 * `t` for /admin/users: this page's namespace first, then `common` (catalogue codes, empty states).
 * react-i18next looks only in the first namespace of a list unless told `nsMode: 'fallback'`.
 */
export function useAdminUsersT() {
  return useTranslation(['admin-users', 'common'], { nsMode: 'fallback' })
}
