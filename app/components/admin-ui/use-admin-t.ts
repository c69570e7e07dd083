import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The admin-ui namespace, falling back to common: the page's own texts and the catalogue codes
 * (field and form errors, alerts) through one `t`.
 */
export function useAdminT() {
  return useTranslation(['admin-ui', 'common'], { nsMode: 'fallback' })
}

let hydrated = false

/**
 * False on the server and in the first client render (so hydration matches), true after. Lets a
 * native control that works without JavaScript give way to a richer one once scripts run.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    setValue(true)
  }, [])
  return value
}
