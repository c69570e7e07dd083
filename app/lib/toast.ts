/** Alert types of spec §4, each with its icon. */
export const TOAST_TYPES = ['danger', 'warning', 'info', 'success'] as const
export type ToastType = (typeof TOAST_TYPES)[number]

/** Spec §9: alerts disappear after 5000 ms. */
export const ALERT_TIME_MS = 5000

/**
 * A button the alert offers (a bulk edit's Undo): a form posted to `to` with `fields` as hidden
 * inputs and the CSRF token, so it works without JavaScript too. `label` is an i18n key.
 */
export interface ToastAction {
  label: string
  to: string
  fields: Record<string, string>
}

/** An alert carried across a redirect: a catalogue code (translated by the page) or a ready text. */
export interface Toast {
  id: string
  type: ToastType
  code?: string
  text?: string
  params?: Record<string, string | number>
  action?: ToastAction
}
export type ToastInput = Omit<Toast, 'id'> & { id?: string }

/** The window event that adds an alert to the page's stack from the browser (a live notification). */
export const ALERT_EVENT = 'nodus:alert'

/** Shows an alert on the open page, as if a response had carried it (browser only). */
export function raiseAlert(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(ALERT_EVENT, { detail: toast }))
}
