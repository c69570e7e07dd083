import type { LinksFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { CsrfInput } from '~/components/csrf-input'
import { NotificationItem } from '~/components/notifications/notification-item'
import styles from '~/components/notifications/notifications.css'
import { PageHeader } from '~/components/page/page-header'
import { BellIcon, SettingsIcon } from '~/components/ui/icons'
import { Pagination } from '~/components/ui/pagination'
import { titleMeta } from '~/lib/meta'
import { INBOX_TABS, type InboxTab } from '~/lib/notifications/tabs'
import { routes } from '~/lib/routes'
import type { loader } from './__notifications.server'

export { action, loader } from './__notifications.server'
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]
export const meta = titleMeta

const tabHref = (tab: InboxTab, page = 1) => {
  const q = new URLSearchParams()
  if (tab !== 'all') q.set('tab', tab)
  if (page > 1) q.set('page', String(page))
  const s = q.toString()
  return s ? `${routes.notifications()}?${s}` : routes.notifications()
}

/**
 * The inbox (issue 13 item 2): what concerns the user, newest first, a tab for all, unread and
 * mentions; each item opens its task and is marked read on the way; "mark all read". Every part is
 * a link or a form: it works without JavaScript.
 */
export default function NotificationsPage() {
  const { t } = useTranslation()
  const { title, tab, page, totalPages, items } = useLoaderData<typeof loader>()
  const { pathname, search } = useLocation()
  return (
    <div className="inbox" data-testid="inbox">
      <PageHeader
        title={title}
        subtitle={t('notifications.subtitle')}
        actions={
          <>
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="back" value={`${pathname}${search || '?'}`} />
              <button type="submit" name="intent" value="read-all" className="button button-secondary">
                {t('notifications.mark_all_read')}
              </button>
            </Form>
            <Link to={routes.notificationSettings()} className="button button-ghost">
              <SettingsIcon width={16} height={16} aria-hidden="true" />
              {t('notifications.settings')}
            </Link>
          </>
        }
      />
      <nav className="inbox-tabs" aria-label={t('notifications.tabs')}>
        {INBOX_TABS.map((name) => (
          <Link
            key={name}
            to={tabHref(name)}
            className="inbox-tab"
            aria-current={name === tab ? 'page' : undefined}
          >
            {t(`notifications.tab.${name}`)}
          </Link>
        ))}
      </nav>
      {items.length ? (
        <ul className="inbox-list card">
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} />
          ))}
        </ul>
      ) : (
        <div className="empty-state">
          <span className="empty-icon">
            <BellIcon width={20} height={20} aria-hidden="true" />
          </span>
          <p className="empty-title">{t(`notifications.empty.${tab}`)}</p>
          <p className="empty-text">{t('notifications.empty.text')}</p>
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} hrefFor={(p) => tabHref(tab, p)} />
    </div>
  )
}
