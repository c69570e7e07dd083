import { Form, NavLink, useFetcher, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { containsActive, type MenuEntry } from '~/lib/menu'
import { routes } from '~/lib/routes'
import type { ShellData } from '~/lib/shell.server'
import type { Sidebar } from '~/lib/theme'
import { CsrfInput } from '../csrf-input'
import {
  BellIcon,
  ChevronRightIcon,
  ExternalIcon,
  LogOutIcon,
  SidebarIcon,
  StoreIcon,
  UserIcon,
} from '../ui/icons'
import { Avatar } from './avatar'
import { MenuIcon } from './menu-icon'
import { NodeList } from './node-list'
import { usePopoverDetails } from './use-popover-details'

function useLabel() {
  const { t } = useTranslation()
  return (entry: MenuEntry) => ('key' in entry.label ? t(entry.label.key) : entry.label.text)
}

function MenuLink({ entry }: { entry: MenuEntry }) {
  const label = useLabel()(entry)
  const content = (
    <>
      <MenuIcon name={entry.icon} />
      <span className="menu-label">{label}</span>
      {entry.external ? <ExternalIcon className="menu-external" width={12} height={12} /> : null}
    </>
  )
  if (!entry.href) return <span className="menu-link menu-link-inert">{content}</span>
  if (entry.external)
    return (
      <a href={entry.href} className="menu-link" target="_blank" rel="noopener noreferrer" title={label}>
        {content}
      </a>
    )
  return (
    <NavLink
      to={entry.href}
      end={entry.href === routes.home()}
      className="menu-link"
      title={label}
      prefetch="intent"
    >
      {content}
    </NavLink>
  )
}

/**
 * One entry: a link, a heading, or a collapsible group (<details>: opens and closes without
 * JavaScript; starts open when it holds the current page).
 */
function MenuNode({ entry, depth, pathname }: { entry: MenuEntry; depth: number; pathname: string }) {
  const label = useLabel()(entry)
  if (entry.heading)
    return (
      <li className="menu-heading" data-testid={`menu-${entry.id}`}>
        {label}
      </li>
    )
  if (entry.items?.length)
    return (
      <li>
        <details
          className="menu-group"
          open={containsActive(entry, pathname) || undefined}
          data-testid={`menu-${entry.id}`}
        >
          <summary className="menu-link" title={label}>
            <MenuIcon name={entry.icon} />
            <span className="menu-label">{label}</span>
            <ChevronRightIcon className="menu-chevron" width={14} height={14} />
          </summary>
          <MenuList
            entries={
              entry.href
                ? [{ ...entry, id: `${entry.id}-self`, items: undefined }, ...entry.items]
                : entry.items
            }
            depth={depth + 1}
            pathname={pathname}
          />
        </details>
      </li>
    )
  return (
    <li data-testid={`menu-${entry.id}`}>
      <MenuLink entry={entry} />
    </li>
  )
}

function MenuList({ entries, depth, pathname }: { entries: MenuEntry[]; depth: number; pathname: string }) {
  return (
    <ul className={`menu menu-level-${depth}`}>
      {entries.map((entry) => (
        <MenuNode key={entry.id} entry={entry} depth={depth} pathname={pathname} />
      ))}
    </ul>
  )
}

/**
 * Spec §2: the non-admin menu's notifications entry — a link to the inbox with the unread count
 * (the layout's loader reads it; a live notification adds one, app/components/layout/use-unread.ts).
 */
function Notifications({ unread }: { unread: number | null }) {
  const { t } = useTranslation()
  const label = t('shell.notifications')
  const count = unread ?? 0
  const full = count > 0 ? `${label}: ${t('notifications.unread_count', { count })}` : label
  return (
    <NavLink
      to={routes.notifications()}
      className="menu-link menu-link-badged"
      title={full}
      aria-label={full}
      data-testid="notifications"
      prefetch="intent"
    >
      <BellIcon className="menu-icon" width={16} height={16} />
      <span className="menu-label">{label}</span>
      {count > 0 ? (
        <span className="menu-badge" data-testid="notifications-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </NavLink>
  )
}

/**
 * Spec §2: the profile block — who is signed in, the nodes they may switch to, their profile data,
 * services, and log out.
 */
function ProfileBlock({
  user,
  nodes,
  servicesUrl,
}: Pick<ShellData, 'user' | 'nodes'> & { servicesUrl: string | null }) {
  const { t } = useTranslation()
  return (
    <details className="profile-block" data-testid="profile-block" ref={usePopoverDetails()}>
      <summary
        className="profile-summary"
        title={user.name}
        aria-label={`${t('shell.account_menu')}: ${user.name}`}
      >
        <Avatar name={user.name} logo={user.logo} />
        <span className="profile-text">
          <span className="profile-name">{user.name}</span>
          <span className="profile-email">{user.email}</span>
        </span>
        <ChevronRightIcon className="menu-chevron" width={14} height={14} />
      </summary>
      <ul className="menu profile-menu">
        {nodes.length ? <NodeList nodes={nodes} /> : null}
        <li>
          <NavLink to={routes.profile()} className="menu-link">
            <UserIcon className="menu-icon" width={16} height={16} />
            <span className="menu-label">{t('shell.profile')}</span>
          </NavLink>
        </li>
        {/* Spec §2: the profile menu always has services: the service centre, or the page that
            says the node has none (and, to an administrator, where to connect one). */}
        <li>
          {servicesUrl ? (
            <a href={servicesUrl} className="menu-link" target="_blank" rel="noopener noreferrer">
              <ExternalIcon className="menu-icon" width={16} height={16} />
              <span className="menu-label">{t('shell.services')}</span>
            </a>
          ) : (
            <NavLink to={routes.services()} className="menu-link">
              <StoreIcon className="menu-icon" width={16} height={16} />
              <span className="menu-label">{t('shell.services')}</span>
            </NavLink>
          )}
        </li>
        <li>
          <Form method="post" action={routes.logout()}>
            <CsrfInput />
            <button type="submit" className="menu-link">
              <LogOutIcon className="menu-icon" width={16} height={16} />
              <span className="menu-label">{t('auth.logout')}</span>
            </button>
          </Form>
        </li>
      </ul>
    </details>
  )
}

/** Minimise / expand: a form post kept in a cookie (works without JavaScript), optimistic with it. */
function SidebarToggle({ sidebar }: { sidebar: Sidebar }) {
  const { t } = useTranslation()
  const fetcher = useFetcher({ key: 'sidebar' })
  const location = useLocation()
  const next: Sidebar = sidebar === 'full' ? 'min' : 'full'
  const label = next === 'min' ? t('shell.sidebar.minimise') : t('shell.sidebar.expand')
  return (
    <fetcher.Form method="post" action={routes.setSidebar()}>
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" name="sidebar" value={next} className="menu-link sidebar-toggle" title={label}>
        <SidebarIcon className="menu-icon" width={16} height={16} />
        <span className="menu-label">{label}</span>
      </button>
    </fetcher.Form>
  )
}

/** The side menu of spec §2: up to three levels, groups, headings, a footer and the profile block. */
export function SideMenu({
  shell,
  sidebar,
  unread = null,
}: {
  shell: ShellData
  sidebar: Sidebar
  /** The footer's unread notifications (the personal area only). */
  unread?: number | null
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <aside className="side" data-testid="side-menu">
      <nav className="side-nav" aria-label={shell.kind === 'admin' ? t('admin.menu') : t('shell.side_menu')}>
        {shell.kind === 'admin' ? (
          <p className="side-title" aria-hidden="true">
            {t('admin.menu')}
          </p>
        ) : null}
        <MenuList entries={shell.menu} depth={1} pathname={pathname} />
      </nav>
      <div className="side-footer">
        {shell.kind === 'lk' || shell.footer.length ? (
          <ul className="menu" data-testid="menu-footer">
            {shell.kind === 'lk' ? (
              <li>
                <Notifications unread={unread} />
              </li>
            ) : null}
            {shell.footer.map((entry) => (
              <MenuNode key={entry.id} entry={entry} depth={1} pathname={pathname} />
            ))}
          </ul>
        ) : null}
        <ProfileBlock user={shell.user} nodes={shell.nodes} servicesUrl={shell.node.servicesUrl} />
        <SidebarToggle sidebar={sidebar} />
      </div>
    </aside>
  )
}
