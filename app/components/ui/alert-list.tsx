import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ALERT_TIME_MS, type Toast } from '~/lib/toast'
import { Alert } from './alert'

/**
 * The alerts a redirect carried (the flash cookie), newest first. Rendered by the server, so they show
 * without JavaScript; with it, each one leaves after 5000 ms (spec §9) or when closed.
 */
export function AlertList({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation()
  const [gone, setGone] = useState<Set<string>>(() => new Set())

  useEffect(() => {
    if (toasts.length === 0) return
    const timers = toasts.map((toast) =>
      setTimeout(() => setGone((prev) => new Set(prev).add(toast.id)), ALERT_TIME_MS),
    )
    return () => {
      for (const timer of timers) clearTimeout(timer)
    }
  }, [toasts])

  const visible = [...toasts].reverse().filter((toast) => !gone.has(toast.id))
  if (visible.length === 0) return null
  return (
    <section className="alert-list" aria-label={t('alerts.label')}>
      {visible.map((toast) => (
        <Alert
          key={toast.id}
          type={toast.type}
          onClose={() => setGone((prev) => new Set(prev).add(toast.id))}
        >
          {toast.code
            ? t(toast.code, { ...toast.params, defaultValue: toast.text ?? t('value_error') })
            : toast.text}
        </Alert>
      ))}
    </section>
  )
}
