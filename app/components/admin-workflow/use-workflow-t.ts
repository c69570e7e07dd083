import { useTranslation } from 'react-i18next'

/**
 * `t` for the workflow admin pages: their namespace first, then `common` (catalogue codes, empty
 * states). react-i18next looks only in the first namespace of a list unless told `nsMode: 'fallback'`.
 */
export function useWorkflowT() {
  return useTranslation(['admin-workflow', 'common'], { nsMode: 'fallback' })
}
