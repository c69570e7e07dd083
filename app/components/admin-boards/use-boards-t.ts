import { useTranslation } from 'react-i18next'

/**
 * `t` for /admin/boards and /admin/widgets: their namespace first, then the workflow pages' shared
 * words (Add, Save, Delete…), then `common` (catalogue codes).
 */
export function useBoardsT() {
  return useTranslation(['admin-boards', 'admin-workflow', 'shell', 'fields', 'common'], {
    nsMode: 'fallback',
  })
}
