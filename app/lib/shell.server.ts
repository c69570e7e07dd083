import { hasRight } from '@domain/rights/rights'
import type { Access } from './access.server'
import { shellAbilities } from './guards'
import {
  adminFooter,
  adminMenu,
  lkFooter,
  lkMenu,
  type MenuEntry,
  type MenuQuery,
  nodeMenu,
  topMenu,
} from './menu'
import { type NodeChoice, nodeChoices } from './node-switch.server'
import { getSidebar } from './session.server'
import type { Sidebar } from './theme'
import { logoHref } from './user-logo'

export type ShellKind = 'lk' | 'admin'

/** What the layout of the personal area and of the admin area render (app/components/layout/). */
export interface ShellData {
  kind: ShellKind
  /** logo: the user's picture (spec §3), or null: their initials. */
  user: { id: string; name: string; email: string; logo: string | null }
  node: {
    id: string
    domain: string
    /** Spec §2: honoured on an existing board only (menuVisibility). */
    noLeftMenu: boolean
    noTopMenu: boolean
    /** The node's service centre (settings.auth.service_center.url): the profile block's "services". */
    servicesUrl: string | null
  }
  abilities: { isAdmin: boolean; canCreateTask: boolean }
  menu: MenuEntry[]
  footer: MenuEntry[]
  /** The header's main menu: the node's own first level. */
  top: MenuEntry[]
  sidebar: Sidebar
  /** The nodes the user is bound to, for switching (the personal menu), the current one marked. */
  nodes: NodeChoice[]
  /** The personal area's unread notifications (its layout's loader adds it); null: not known. */
  unread?: number | null
}

/** The node's service centre (settings.auth.service_center.url), where its services live; null: none. */
export function serviceCenterUrl(settings: Record<string, unknown>): string | null {
  const center = (settings.auth as { service_center?: { url?: unknown } | null } | undefined)?.service_center
  return typeof center?.url === 'string' && center.url ? center.url : null
}

/** The shell of a page, from the access check the layout's guard made. */
export async function shellData(
  request: Request,
  access: Access,
  kind: ShellKind,
  /** The personal area's saved queries for its menu (its layout's loader reads them). */
  saved: readonly MenuQuery[] = [],
): Promise<ShellData> {
  const { user, node, rights } = access
  const settings = node.settings
  const abilities = shellAbilities(rights)
  const [sidebar, nodes] = await Promise.all([getSidebar(request), nodeChoices(request, access)])
  return {
    kind,
    user: {
      id: user.id,
      name: user.full_name || user.user_name,
      email: user.contacts?.email || user.user_name,
      logo: logoHref(user.logo),
    },
    node: {
      id: node.id,
      domain: node.domain,
      noLeftMenu: settings.no_left_menu === true,
      noTopMenu: settings.no_top_menu === true,
      servicesUrl: serviceCenterUrl(settings),
    },
    abilities,
    menu: kind === 'admin' ? adminMenu() : lkMenu(settings, hasRight(rights, 'task_view'), saved),
    footer: kind === 'admin' ? adminFooter() : lkFooter(abilities.isAdmin),
    top: topMenu(nodeMenu(settings)),
    sidebar,
    nodes,
  }
}
