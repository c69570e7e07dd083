import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from '@domain/notifications'
import type { LinksFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { EmailPreferenceForm } from '~/components/notifications/email-preference-form'
import styles from '~/components/notifications/notifications.css'
import { PageHeader } from '~/components/page/page-header'
import { ChevronLeftIcon } from '~/components/ui/icons'
import { Pagination } from '~/components/ui/pagination'
import { titleMeta } from '~/lib/meta'
import { routes } from '~/lib/routes'
import type { action, loader } from './__notification-settings.server'

export { action, loader } from './__notification-settings.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

/**
 * Notification settings (issues 13, 14): how e-mails reach the user (off, each one, a daily digest);
 * for each process whose tasks the user sees, a channel per kind — in the app, in the app and by
 * e-mail, off. Native fields in plain forms: works without JavaScript.
 */
export default function NotificationSettingsPage() {
  const { t } = useTranslation()
  const { title, page, totalPages, rows, email, zones } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const emailErrors = refused && 'emailErrors' in refused ? refused.emailErrors : undefined
  return (
    <div className="inbox-prefs" data-testid="notification-settings">
      <PageHeader
        title={title}
        subtitle={t('notifications.prefs.subtitle')}
        actions={
          <Link to={routes.notifications()} className="button button-ghost">
            <ChevronLeftIcon width={16} height={16} aria-hidden="true" />
            {t('notifications.back')}
          </Link>
        }
      />
      {email ? <EmailPreferenceForm pref={email} zones={zones} errors={emailErrors} page={page} /> : null}
      {rows.length ? (
        <Form method="post" className="card">
          <CsrfInput />
          <input type="hidden" name="page" value={page} />
          <div className="prefs-table-wrap">
            <table className="prefs-table">
              <thead>
                <tr>
                  <th scope="col">{t('notifications.prefs.process')}</th>
                  {NOTIFICATION_KINDS.map((kind) => (
                    <th scope="col" key={kind}>
                      {t(`notifications.prefs.kind.${kind}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.process.id}>
                    <th scope="row">
                      {row.process.name} <span className="task-key">{row.process.key}</span>
                    </th>
                    {NOTIFICATION_KINDS.map((kind) => {
                      const id = `pref-${row.process.id}-${kind}`
                      return (
                        <td key={kind}>
                          <label className="visually-hidden" htmlFor={id}>
                            {`${row.process.name}: ${t(`notifications.prefs.kind.${kind}`)}`}
                          </label>
                          <select
                            id={id}
                            name={`${row.process.id}:${kind}`}
                            className="input select"
                            defaultValue={row.channels[kind]}
                          >
                            {NOTIFICATION_CHANNELS.map((c) => (
                              <option key={c} value={c}>
                                {t(`notifications.channel.${c}`)}
                              </option>
                            ))}
                          </select>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="prefs-actions">
            <p className="prefs-note">{t('notifications.prefs.email_note')}</p>
            <button type="submit" className="button button-primary">
              {t('notifications.prefs.save')}
            </button>
          </div>
        </Form>
      ) : (
        <div className="empty-state">
          <p className="empty-title">{t('notifications.prefs.empty')}</p>
        </div>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        hrefFor={(p) =>
          p > 1 ? `${routes.notificationSettings()}?page=${p}` : routes.notificationSettings()
        }
      />
    </div>
  )
}
