import { useFetcher, useMatches } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLive } from '~/lib/live/use-live'
import { menuVisibility } from '~/lib/menu'
import type { ShellData } from '~/lib/shell.server'
import { isSidebar } from '~/lib/theme'
import { AppHeader } from './app-header'
import { SideDrawer, SideDrawerToggle } from './side-drawer'
import { SideMenu } from './side-menu'
import { useUnread } from './use-unread'

/**
 * A route that shows a board says so in its handle; its loader returns `board` (null: no such
 * board) with the board's own menu options in `board.settings`.
 */
export interface BoardHandle {
  board: true
}

type BoardMenuOptions = { no_left_menu?: boolean; no_top_menu?: boolean }

function useBoard(): { exists: boolean; settings?: BoardMenuOptions } | null {
  const match = useMatches().find((m) => (m.handle as Partial<BoardHandle> | undefined)?.board)
  if (!match) return null
  const board = (match.data as { board?: { settings?: BoardMenuOptions } | null } | undefined)?.board
  return { exists: Boolean(board), settings: board?.settings }
}

/**
 * The layout of the personal area and of the admin area (spec §2): the header, the side menu
 * (minimised or expanded as the `sidebar` cookie says; optimistic while the switch is posting),
 * the page. On an existing board the node may hide either menu.
 */
const NOTIFICATIONS_ONLY = {}

export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const { t } = useTranslation()
  const unread = useUnread(shell.kind === 'lk' ? (shell.unread ?? null) : null, shell.kind === 'lk')
  // Every signed-in page hears its notifications (the board and the card widen the stream).
  useLive(NOTIFICATIONS_ONLY)
  const pending = useFetcher({ key: 'sidebar' }).formData?.get('sidebar')
  const sidebar = isSidebar(pending) ? pending : shell.sidebar
  const show = menuVisibility(
    { no_left_menu: shell.node.noLeftMenu, no_top_menu: shell.node.noTopMenu },
    useBoard(),
  )
  return (
    <div className="shell" data-sidebar={sidebar} data-kind={shell.kind}>
      <a className="skip-link" href="#main">
        {t('app.skip_to_content')}
      </a>
      {show.left && show.top ? <SideDrawerToggle /> : null}
      {show.top ? <AppHeader shell={shell} sidebar={sidebar} drawer={show.left} /> : null}
      <div className="shell-body">
        {show.left ? (
          <SideDrawer>
            <SideMenu shell={shell} sidebar={sidebar} unread={unread} />
          </SideDrawer>
        ) : null}
        <main className="shell-main" id="main">
          {children}
        </main>
      </div>
    </div>
  )
}
