import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { pluginConfigs } from '../../db/schema'
import type { PluginConfigRow } from '../../repositories/plugin-configs-repository'

/*
 * A node's single sign-on, read from its SSO plugin configuration (domain/plugins/sso.ts): what
 * the login page offers and how verify_token checks a token. A disabled configuration offers and
 * checks nothing. Nothing here is secret; the configuration holds no secrets today.
 */

export interface ServiceCenter {
  url: string
  project_id?: string
  account_id?: string
}

/** How a token of the node's identity server is checked (standard OIDC/JWT). */
export interface TokenCheck {
  issuer: string
  audience: string
  jwks_url: string
  create_users: boolean
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

/** The service centre the login page offers, or null (disabled, or no centre address). */
export function serviceCenterOf(row: Pick<PluginConfigRow, 'enabled' | 'settings'> | undefined) {
  const url = row?.enabled ? text(row.settings.service_center_url) : undefined
  if (!url) return null
  const s = row!.settings
  const out: ServiceCenter = { url }
  if (text(s.project_id)) out.project_id = text(s.project_id)
  if (text(s.account_id)) out.account_id = text(s.account_id)
  return out
}

/** The token check, or null (disabled, or not all of issuer, audience and JWKS given). */
export function tokenCheckOf(row: Pick<PluginConfigRow, 'enabled' | 'settings'> | undefined) {
  if (!row?.enabled) return null
  const s = row.settings
  const [issuer, audience, jwks_url] = [text(s.issuer), text(s.audience), text(s.jwks_url)]
  if (!issuer || !audience || !jwks_url) return null
  return { issuer, audience, jwks_url, create_users: s.create_users === true } satisfies TokenCheck
}

/** The SSO configuration of each of these nodes that has one (at most one each: the plugin is single). */
export async function ssoConfigsOf(db: Db | Tx, nodeIds: readonly string[]) {
  const out = new Map<string, PluginConfigRow>()
  if (!nodeIds.length) return out
  const rows = await db
    .select()
    .from(pluginConfigs)
    .where(and(inArray(pluginConfigs.nodeId, [...nodeIds]), eq(pluginConfigs.pluginId, 'sso')))
  for (const r of rows) out.set(r.nodeId, r)
  return out
}

export async function ssoConfigOf(db: Db | Tx, nodeId: string) {
  return (await ssoConfigsOf(db, [nodeId])).get(nodeId)
}
