import { DEFAULT_LOCALE, type NodeSettingsPatch } from '@domain/nodes/settings-schema'
import type { Db } from '../db/client'
import type { NodeSettings } from '../db/schema'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { AppError, notFound } from '../http/errors'
import { type ServiceCenter, serviceCenterOf, ssoConfigOf, ssoConfigsOf } from '../plugins/sso/config'
import { writeAudit } from '../repositories/audit-repository'
import {
  findNodeByDomain,
  listNodesOfUser,
  lockNode,
  type NodeRow,
  saveNodeSettings,
} from '../repositories/nodes-repository'
import type { PluginConfigRow } from '../repositories/plugin-configs-repository'
import { findUserById } from '../repositories/users-repository'
import { bindUser } from '../seed'
import { requireNodeRight, requireSelfOrSuperuser } from './access'

/**
 * The settings anyone may read, with `auth.service_center` from the node's SSO plugin configuration
 * (the login page's variant and the profile's "services" link; null when none or disabled).
 */
export function publicSettings(settings: NodeSettings, centre: ServiceCenter | null) {
  return { ...settings, auth: { service_center: centre } }
}

export const publicNode = (n: NodeRow, sso: PluginConfigRow | undefined) => ({
  id: n.id,
  domain: n.domain,
  settings: publicSettings(n.settings, serviceCenterOf(sso)),
})

/** The administrator's view: every setting, and the version to send back with an edit. */
export const adminNode = (n: NodeRow) => ({
  id: n.id,
  domain: n.domain,
  settings: n.settings,
  version: n.version,
  updated_at: n.updatedAt.toISOString(),
})

/** Public (the web app resolves the node from the host before anyone signs in). */
export async function getNodeByDomain(db: Db, domain: string) {
  const node = await findNodeByDomain(db, domain)
  if (!node) throw notFound('nodes.node_not_found')
  return publicNode(node, await ssoConfigOf(db, node.id))
}

/** Public: what the login page and the theme loader need, with the defaults filled in. */
export async function getNodeAssets(db: Db, domain: string) {
  const node = await findNodeByDomain(db, domain)
  if (!node) throw notFound('nodes.node_not_found')
  const s = node.settings
  return {
    settings: {
      auth: { service_center: serviceCenterOf(await ssoConfigOf(db, node.id)) },
      logo: s.logo ?? {},
      locale: s.locale ?? DEFAULT_LOCALE,
    },
    css: s.theme?.css ?? '',
    fonts: s.theme?.fonts ?? [],
    version: `${node.version}`,
  }
}

/** The nodes a user is bound to: the caller's own, or anyone's for a superuser. */
export async function listUserNodes(db: Db, c: Caller, userId: string, p: Pagination) {
  requireSelfOrSuperuser(c.auth, userId)
  if (userId !== c.auth.user.id && !(await findUserById(db, userId))) throw notFound('users.user_not_found')
  const { rows, total } = await listNodesOfUser(db, userId, p)
  const sso = await ssoConfigsOf(
    db,
    rows.map((n) => n.id),
  )
  return { rows: rows.map((n) => publicNode(n, sso.get(n.id))), total }
}

export async function getNode(db: Db, c: Caller, nodeId: string) {
  const { node } = await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return adminNode(node)
}

/**
 * Merges the given top-level keys into the stored settings (null removes a key) and bumps the
 * version. With `version`, refuses with 409 when someone saved in between.
 */
export async function editNodeSettings(
  db: Db,
  c: Caller,
  nodeId: string,
  input: { settings: NodeSettingsPatch; version?: number },
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const node = await lockNode(tx, nodeId)
    if (!node) throw notFound('nodes.node_not_found')
    if (input.version !== undefined && input.version !== node.version)
      throw new AppError(409, 'nodes.node_conflict', ['body', 'version'])
    const next: Record<string, unknown> = { ...node.settings }
    for (const [key, value] of Object.entries(input.settings)) {
      if (value === null) delete next[key]
      else if (value !== undefined) next[key] = value
    }
    const saved = await saveNodeSettings(tx, nodeId, next as NodeSettings)
    await writeAudit(tx, {
      nodeId,
      actorId: c.auth.user.id,
      action: 'nodes.settings_edited',
      targetId: nodeId,
      data: { keys: Object.keys(input.settings), version: saved.version },
      requestId: c.requestId,
    })
    return adminNode(saved)
  })
}

/** Binds an existing user to the node with is_authorized; 409 when they are bound already. */
export async function bindUserToNode(db: Db, c: Caller, input: { node_id: string; user_id: string }) {
  await requireNodeRight(db, c.auth, input.node_id, 'is_admin')
  if (!(await findUserById(db, input.user_id))) throw notFound('users.user_not_found')
  await db.transaction(async (tx) => {
    // Throwing rolls back the re-grant bindUser made, so a refused call changes nothing.
    if (!(await bindUser(tx, input.node_id, input.user_id)))
      throw new AppError(409, 'nodes.user_already_bound', ['body', 'user_id'])
    await writeAudit(tx, {
      nodeId: input.node_id,
      actorId: c.auth.user.id,
      action: 'nodes.user_bound',
      targetId: input.user_id,
      requestId: c.requestId,
    })
  })
  return { node_id: input.node_id, user_id: input.user_id }
}
