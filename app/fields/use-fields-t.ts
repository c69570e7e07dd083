import { useTranslation } from 'react-i18next'

/** `t` for fields: the fields namespace first, then common (catalogue codes, empty texts). */
export function useFieldsT() {
  return useTranslation(['fields', 'common'], { nsMode: 'fallback' })
}
