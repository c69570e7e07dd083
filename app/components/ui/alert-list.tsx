import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ALERT_EVENT, ALERT_TIME_MS, type Toast, type ToastAction } from '~/lib/toast'
import { CsrfInput } from '../csrf-input'
import { Alert } from './alert'
import { useHydrated } from './use-hydrated'

/**
 * Ids of the alerts this page has already shown, so that loader data read again (a revalidation, a
 * remount) never shows one twice. Filled only by effects, so it stays empty on the server.
 */
const seen = new Set<string>()
const SEEN_MAX = 200

function markSeen(toasts: readonly Toast[]) {
  for (const toast of toasts) {
    seen.delete(toast.id)
    seen.add(toast.id)
  }
  for (const id of seen) {
    if (seen.size <= SEEN_MAX) break
    seen.delete(id)
  }
}

/** A response's alerts are in the order they were raised: the last is the newest. */
const newestFirst = (toasts: readonly Toast[]) => [...toasts].reverse()

/**
 * The alerts of spec §4, newest first, each leaving 5000 ms after it appeared (spec §9) or when
 * closed. They come with the root loader's data (the flash cookie a redirect carried, STYLE.md §4);
 * alerts of later loader data (a save's redirect, a fetcher's) stack on top of those still shown
 * rather than replacing them. The server renders the response's own alerts, so they show without
 * JavaScript too (where they stay: nothing can time them out).
 */
export function AlertList({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [shown, setShown] = useState<Toast[]>(() =>
    newestFirst(toasts.filter((toast) => !seen.has(toast.id))),
  )

  useEffect(() => {
    const fresh = toasts.filter((toast) => !seen.has(toast.id))
    markSeen(toasts)
    if (fresh.length === 0) return
    setShown((prev) => {
      const added = newestFirst(fresh).filter((toast) => !prev.some((p) => p.id === toast.id))
      return added.length ? [...added, ...prev] : prev
    })
  }, [toasts])

  // Alerts raised in the browser (raiseAlert: a live notification) join the same stack.
  useEffect(() => {
    const raised = (event: Event) => {
      const toast = (event as CustomEvent<Toast>).detail
      if (!toast?.id || seen.has(toast.id)) return
      markSeen([toast])
      setShown((prev) => [toast, ...prev])
    }
    window.addEventListener(ALERT_EVENT, raised)
    return () => window.removeEventListener(ALERT_EVENT, raised)
  }, [])

  const dismiss = useCallback((id: string) => setShown((prev) => prev.filter((toast) => toast.id !== id)), [])

  if (shown.length === 0) return null
  return (
    <section className="alert-list" aria-label={t('alerts.label')}>
      {shown.map((toast) => (
        <TimedAlert key={toast.id} toast={toast} onDismiss={dismiss} closable={hydrated}>
          {toast.code
            ? t(toast.code, { ...toast.params, defaultValue: toast.text ?? t('value_error') })
            : toast.text}
          {toast.action ? <AlertAction action={toast.action} /> : null}
        </TimedAlert>
      ))}
    </section>
  )
}

/** The alert's button (a bulk edit's Undo): a plain form post, so it works without JavaScript. */
function AlertAction({ action }: { action: ToastAction }) {
  const { t } = useTranslation()
  return (
    <form method="post" action={action.to} className="alert-action">
      <CsrfInput />
      {Object.entries(action.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button-secondary button-sm">
        {t(action.label)}
      </button>
    </form>
  )
}

/**
 * One alert with its own clock: it starts when the alert mounts, whatever else comes or goes. An
 * alert with a button waits while the pointer or the focus is on it (WCAG 2.2.1: time to act).
 */
function TimedAlert({
  toast,
  onDismiss,
  closable,
  children,
}: {
  toast: Toast
  onDismiss: (id: string) => void
  closable: boolean
  children: ReactNode
}) {
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = setTimeout(() => onDismiss(toast.id), ALERT_TIME_MS)
    return () => clearTimeout(timer)
  }, [toast.id, onDismiss, held])
  const alert = (
    <Alert type={toast.type} onClose={closable ? () => onDismiss(toast.id) : undefined}>
      {children}
    </Alert>
  )
  if (!toast.action) return alert
  return (
    <div
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {alert}
    </div>
  )
}
