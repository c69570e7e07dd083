import { Form, Link, NavLink, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_LANGUAGE } from '~/i18n'
import type { MenuEntry } from '~/lib/menu'
import { routes } from '~/lib/routes'
import type { ShellData } from '~/lib/shell.server'
import { DEFAULT_THEME, type Sidebar } from '~/lib/theme'
import type { loader as rootLoader } from '~/root'
import { CsrfInput } from '../csrf-input'
import { LanguageSwitch } from '../preferences/language-switch'
import { ThemeSwitch } from '../preferences/theme-switch'
import { Button } from '../ui/button'
import { ChevronRightIcon, LogOutIcon, LogoMark, MenuIcon, PlusIcon } from '../ui/icons'
import { Avatar } from './avatar'
import { QuickFind } from './quick-find'
import { SIDE_DRAWER_ID } from './side-drawer'
import { usePopoverDetails } from './use-popover-details'

function entryLabel(entry: MenuEntry, t: (key: string) => string) {
  return 'key' in entry.label ? t(entry.label.key) : entry.label.text
}

function TopLink({ entry, t }: { entry: MenuEntry; t: (key: string) => string }) {
  const label = entryLabel(entry, t)
  if (!entry.href) return <span className="top-menu-text">{label}</span>
  return entry.external ? (
    <a href={entry.href} target="_blank" rel="noopener noreferrer" className="top-menu-link">
      {label}
    </a>
  ) : (
    <NavLink to={entry.href} end={entry.href === routes.home()} className="top-menu-link">
      {label}
    </NavLink>
  )
}

/** An entry with children: a list of the links under it (levels two and three). */
function TopGroup({ entry, t }: { entry: MenuEntry; t: (key: string) => string }) {
  const links = [entry, ...(entry.items ?? []).flatMap((child) => [child, ...(child.items ?? [])])].filter(
    (e) => e.href && !e.heading,
  )
  return (
    <details className="top-menu-group" ref={usePopoverDetails()}>
      <summary className="top-menu-link">
        {entryLabel(entry, t)}
        <ChevronRightIcon className="menu-chevron" width={12} height={12} />
      </summary>
      <ul className="dropdown">
        {links.map((e) => (
          <li key={e.id}>
            <TopLink entry={e} t={t} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** The header's main menu: the node's first level; an entry with children opens a list of them. */
function TopMenu({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation()
  return (
    <nav className="top-menu" aria-label={t('shell.main_menu')}>
      <ul>
        {entries.map((entry) =>
          entry.items?.length ? (
            <li key={entry.id}>
              <TopGroup entry={entry} t={t} />
            </li>
          ) : (
            <li key={entry.id}>
              <TopLink entry={entry} t={t} />
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}

/**
 * The header of spec §2: the node's logo and name, the main menu from the node's settings, the quick
 * find, the New Task button (task_create only), language and theme, and who is signed in. All plain
 * links and forms.
 */
export function AppHeader({
  shell,
  sidebar,
  drawer = false,
}: {
  shell: ShellData
  sidebar: Sidebar
  /** The side menu is there: below 768 px it is a drawer this header's button opens. */
  drawer?: boolean
}) {
  const { t } = useTranslation()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const logo = sidebar === 'min' ? (root?.node.logo.small ?? root?.node.logo.main) : root?.node.logo.main
  return (
    <header className="app-header">
      {drawer ? (
        // The drawer's checkbox (app-shell.tsx) is the control; this label is its visible face.
        <label
          htmlFor={SIDE_DRAWER_ID}
          className="side-drawer-button"
          title={t('shell.menu_open')}
          aria-hidden="true"
          data-testid="side-drawer-button"
        >
          <MenuIcon width={20} height={20} />
        </label>
      ) : null}
      <Link to={routes.home()} className="brand" aria-label={`${t('lk.home.title')} · ${shell.node.domain}`}>
        {logo ? (
          <img className="brand-logo" src={logo} alt="" />
        ) : (
          <>
            <LogoMark width={24} height={24} />
            <span className="brand-name">Nodus</span>
          </>
        )}
        <span className="node-badge" data-testid="current-node">
          {shell.node.domain}
        </span>
      </Link>
      {shell.top.length ? <TopMenu entries={shell.top} /> : null}
      <QuickFind />
      <div className="header-actions">
        {shell.abilities.canCreateTask ? (
          <Link to={routes.taskAdd()} className="button button-primary button-sm" data-testid="new-task">
            <PlusIcon width={15} height={15} />
            <span className="button-label">{t('shell.new_task')}</span>
          </Link>
        ) : null}
        <div className="preferences">
          <LanguageSwitch current={root?.locale ?? DEFAULT_LANGUAGE} />
          <ThemeSwitch current={root?.theme ?? DEFAULT_THEME} />
        </div>
        <span className="header-divider" aria-hidden="true" />
        <Link
          to={routes.profile()}
          className="user-chip"
          data-testid="current-user"
          title={t('shell.profile')}
        >
          <Avatar name={shell.user.name} logo={shell.user.logo} testId="current-user-logo" />
          <span className="user-name">{shell.user.name}</span>
        </Link>
        <Form method="post" action={routes.logout()}>
          <CsrfInput />
          <Button type="submit" variant="ghost" size="sm">
            <LogOutIcon width={15} height={15} />
            <span className="button-label">{t('auth.logout')}</span>
          </Button>
        </Form>
      </div>
    </header>
  )
}
