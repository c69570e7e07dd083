import { LOCALES } from '@domain/nodes/settings-schema'
import { EMAIL_MODES } from '@domain/notifications/email'
import { Form } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import type { EmailPreference } from '~/lib/notifications/notifications.server'

type FieldErrors = Partial<Record<'mode' | 'digest_time' | 'time_zone' | 'language', string>>

/**
 * The user's e-mail preference (issue 14 item 4): off, each as it happens, or a daily digest at a
 * time in their zone, and the mails' language. Native fields in a plain form: works without
 * JavaScript. With it, a zone never saved starts as the browser's own.
 */
export function EmailPreferenceForm({
  pref,
  zones,
  errors = {},
  page,
}: {
  pref: EmailPreference
  /** The server's list (the browser's may name zones differently: one list, no hydration mismatch). */
  zones: string[]
  errors?: FieldErrors
  page: number
}) {
  const { t } = useTranslation()
  const [mode, setMode] = useState(pref.mode)
  const zoneRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    if (pref.saved || !zoneRef.current) return
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (own && zones.includes(own)) zoneRef.current.value = own
  }, [pref.saved, zones])
  const field = (name: keyof FieldErrors) => ({
    id: `email-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `email-${name}-error` : undefined,
  })
  const error = (name: keyof FieldErrors) =>
    errors[name] ? (
      <span className="field-error" id={`email-${name}-error`}>
        {t(errors[name])}
      </span>
    ) : null
  return (
    <section className="card email-prefs" aria-labelledby="email-prefs-title" data-testid="email-preference">
      <header className="email-prefs-head">
        <h2 id="email-prefs-title">{t('notifications.email.title')}</h2>
        <p className="prefs-note">{t('notifications.email.hint')}</p>
      </header>
      {pref.available ? null : (
        <p className="alert alert-info" data-testid="email-unavailable">
          {t('notifications.email.unavailable')}
        </p>
      )}
      <Form method="post" className="email-prefs-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="email" />
        <input type="hidden" name="page" value={page} />
        <div className="field">
          <label className="field-label" htmlFor="email-mode">
            {t('notifications.email.mode')}
          </label>
          <select
            {...field('mode')}
            className="input select"
            defaultValue={pref.mode}
            onChange={(e) => setMode(e.currentTarget.value as EmailPreference['mode'])}
          >
            {EMAIL_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`notifications.email.mode.${m}`)}
              </option>
            ))}
          </select>
          {error('mode')}
        </div>
        <div className="field" data-muted={mode === 'digest' ? undefined : ''}>
          <label className="field-label" htmlFor="email-digest_time">
            {t('notifications.email.digest_time')}
          </label>
          <input
            {...field('digest_time')}
            type="time"
            step={60}
            required
            className="input"
            defaultValue={pref.digest_time}
          />
          {error('digest_time')}
        </div>
        <div className="field" data-muted={mode === 'digest' ? undefined : ''}>
          <label className="field-label" htmlFor="email-time_zone">
            {t('notifications.email.time_zone')}
          </label>
          <select
            {...field('time_zone')}
            ref={zoneRef}
            className="input select"
            defaultValue={pref.time_zone}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {error('time_zone')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="email-language">
            {t('notifications.email.language')}
          </label>
          <select {...field('language')} className="input select" defaultValue={pref.language}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </select>
          {error('language')}
        </div>
        <div className="email-prefs-actions">
          <p className="prefs-note">{t('notifications.email.digest_hint')}</p>
          <button type="submit" className="button button-primary" data-testid="save-email">
            {t('notifications.email.save')}
          </button>
        </div>
      </Form>
    </section>
  )
}
