import type { DetailEntry } from '@domain/errors/catalogue'
import { issueDetail } from '@domain/errors/issues'
import { buildDefaults, buildFormSchema } from '@domain/fields/form'
import { findPlugin, PLUGINS, secretNames } from '@domain/plugins/catalogue'
import { configDefinitions, type SecretState, secretIntent } from '@domain/plugins/config-form'
import type { PluginDefinition } from '@domain/plugins/types'
import type { Db, Tx } from '../db/client'
import type { Caller } from '../http/caller'
import type { Pagination } from '../http/envelope'
import { badInput, conflict, detailAt, InvalidInput, notFound } from '../http/errors'
import type { SecretBox } from '../lib/secret-box'
import { serverPlugin } from '../plugins'
import { outboundProblems } from '../plugins/outbound'
import type { PluginRuntime } from '../plugins/runtime'
import type { OpenConfig } from '../plugins/types'
import {
  configHistory,
  countPluginConfigs,
  countsByPlugin,
  deleteConfig,
  getConfig,
  insertConfig,
  listConfigs,
  lockConfig,
  type PluginConfigRow,
  updateConfig,
} from '../repositories/plugin-configs-repository'
import { listDeliveries } from '../repositories/plugin-deliveries-repository'
import { fullName } from '../repositories/users-repository'
import { requireNodeRight } from './access'
import { auditIn } from './statuses'

/*
 * Plugin configurations (PRODUCT.md §7): per node, administrators only. Settings are checked by the
 * plugin's field definitions (the generic form's schema), then by the plugin's own rules and its
 * server checks. Secrets are write-only: sealed at rest, answered as `{ set }`, masked in history.
 */

/** The value the history shows in place of a secret. */
export const SECRET_MASK = '••••••••'

export interface PluginInput {
  name?: string
  enabled?: boolean
  settings?: Record<string, unknown>
}

export function presentPlugin(p: PluginDefinition, configs?: { n: number; oneId: string }) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    version: p.version,
    settings: [...p.settings],
    test: p.test === true,
    single: p.single === true,
    configured: configs?.n ?? 0,
    config_id: p.single && configs ? configs.oneId : null,
  }
}

/** The catalogue; with a node, how many configurations each plugin has there. */
export async function listPlugins(db: Db, c: Caller, nodeId?: string) {
  if (!nodeId) return PLUGINS.map((p) => presentPlugin(p))
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const counts = await countsByPlugin(db, nodeId)
  return PLUGINS.map((p) => presentPlugin(p, counts.get(p.id)))
}

export function presentConfig(row: PluginConfigRow) {
  const plugin = findPlugin(row.pluginId)
  const secrets: Record<string, SecretState> = {}
  for (const name of plugin ? secretNames(plugin) : [])
    secrets[name] = { set: row.secrets[name] !== undefined }
  return {
    id: row.id,
    plugin_id: row.pluginId,
    name: row.name,
    enabled: row.enabled,
    settings: { ...row.settings, ...secrets },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

const configNotFound = () => notFound('plugins.config_not_found', ['params', 'pluginConfigId'])

export async function listNodeConfigs(
  db: Db,
  c: Caller,
  nodeId: string,
  q: Pagination & { search?: string; plugin_id?: string },
) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const { rows, total } = await listConfigs(db, nodeId, q)
  return { rows: rows.map(presentConfig), total }
}

export async function getNodeConfig(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const row = await getConfig(db, nodeId, id)
  if (!row) throw configNotFound()
  return presentConfig(row)
}

/**
 * The stored secrets (kept, not typed again) that lose their destination: a setting they are bound
 * to (`secretsBoundTo`) changed, so the new address, port, protection or user never receives them.
 */
function unboundSecrets(
  plugin: PluginDefinition,
  stored: Record<string, unknown>,
  next: Record<string, unknown>,
  kept: Record<string, string>,
): string[] {
  const same = (k: string) => JSON.stringify(stored[k] ?? null) === JSON.stringify(next[k] ?? null)
  return Object.entries(plugin.secretsBoundTo ?? {})
    .filter(([name, to]) => kept[name] !== undefined && !to.every(same))
    .map(([name]) => name)
}

interface Checked {
  name: string
  enabled: boolean
  settings: Record<string, unknown>
  secrets: Record<string, string>
  /** What changed, for the history: secrets as the mask, never their values. */
  changes: Record<string, unknown>
}

/**
 * The configuration a request asks for, over what is stored (PATCH) or the defaults (POST),
 * checked whole: the form's schema, the plugin's cross-setting rules, then the server's checks.
 */
async function checkConfig(
  tx: Tx,
  rt: Pick<PluginRuntime, 'box' | 'config'>,
  c: Caller,
  nodeId: string,
  plugin: PluginDefinition,
  input: PluginInput,
  before?: PluginConfigRow,
  configId?: string,
): Promise<Checked> {
  const secretList = secretNames(plugin)
  const posted = input.settings ?? {}
  const stored = before?.secrets ?? {}
  const secrets: Record<string, string> = {}
  const secretValues: Record<string, string> = {}
  const changes: Record<string, unknown> = {}
  for (const name of secretList) {
    const intent = secretIntent(posted[name])
    if (intent.kind === 'set') {
      secretValues[name] = intent.value
      changes[`settings.${name}`] = SECRET_MASK
    } else if (intent.kind === 'clear') {
      if (stored[name] !== undefined) changes[`settings.${name}`] = null
    } else if (stored[name] !== undefined) secrets[name] = stored[name]
  }
  const plain = Object.fromEntries(Object.entries(posted).filter(([k]) => !secretList.includes(k)))
  const defs = configDefinitions(plugin, { secretsSet: Object.keys(secrets) })
  const defaults = buildDefaults(defs) as { enabled?: boolean; settings?: Record<string, unknown> }
  const candidate = {
    name: input.name ?? before?.name,
    enabled: input.enabled ?? before?.enabled ?? defaults.enabled,
    settings: { ...(before ? before.settings : defaults.settings), ...plain, ...secretValues },
  }
  const parsed = buildFormSchema(defs).safeParse(candidate)
  if (!parsed.success)
    throw new InvalidInput(parsed.error.issues.map((i) => issueDetail(i, ['body', ...i.path])))
  const value = parsed.data as { name: string; enabled: boolean; settings: Record<string, unknown> }
  const problems: DetailEntry[] = (plugin.checkSettings?.(value.settings) ?? []).map((i) =>
    detailAt(['body', 'settings'], i),
  )
  if (before)
    for (const name of unboundSecrets(plugin, before.settings, value.settings, secrets)) {
      delete secrets[name]
      changes[`settings.${name}`] = null
      if (plugin.settings.find((d) => d.name === name)?.settings.required)
        problems.push(detailAt(['body', 'settings'], { path: [name], code: 'value_error.missing' }))
    }
  if (!problems.length)
    problems.push(...(await outboundProblems(rt.config, plugin, value.settings, ['body', 'settings'])))
  const server = serverPlugin(plugin.id)
  if (!problems.length && server?.check)
    problems.push(
      ...(await server.check({ db: tx, nodeId, userId: c.auth.user.id }, value.settings, [
        'body',
        'settings',
      ])),
    )
  if (problems.length) throw new InvalidInput(problems)

  const settings: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value.settings)) {
    if (secretList.includes(k)) {
      if (typeof v === 'string' && k in secretValues) secrets[k] = rt.box.seal(v, configId ?? '')
    } else settings[k] = v
  }
  if (value.name !== before?.name) changes.name = value.name
  if (value.enabled !== before?.enabled) changes.enabled = value.enabled
  for (const [k, v] of Object.entries(settings))
    if (JSON.stringify(v) !== JSON.stringify(before?.settings[k])) changes[`settings.${k}`] = v
  return { name: value.name, enabled: value.enabled, settings, secrets, changes }
}

export async function createConfig(
  rt: PluginRuntime,
  c: Caller,
  nodeId: string,
  pluginId: string,
  input: PluginInput,
) {
  const { db } = rt
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const plugin = findPlugin(pluginId)
  if (!plugin) throw notFound('plugins.plugin_not_found', ['params', 'pluginId'])
  return db.transaction(async (tx) => {
    if (plugin.single && (await countPluginConfigs(tx, nodeId, plugin.id)) > 0)
      throw conflict('plugins.one_per_node', ['params', 'pluginId'])
    const id = crypto.randomUUID()
    const v = await checkConfig(tx, rt, c, nodeId, plugin, input, undefined, id)
    const row = await insertConfig(tx, {
      id,
      nodeId,
      pluginId: plugin.id,
      name: v.name,
      enabled: v.enabled,
      settings: v.settings,
    })
    const saved = Object.keys(v.secrets).length
      ? await updateConfig(tx, nodeId, id, { secrets: v.secrets })
      : row
    await auditIn(tx, c, nodeId, 'plugins.config_created', id, { plugin_id: plugin.id, changes: v.changes })
    return presentConfig(saved!)
  })
}

/** Which alert a saved change gets: switching on or off alone says so. */
function editCode(changes: Record<string, unknown>) {
  const keys = Object.keys(changes)
  if (keys.length === 1 && keys[0] === 'enabled')
    return changes.enabled ? 'plugins.config_enabled' : 'plugins.config_disabled'
  return 'plugins.config_edited'
}

export async function editConfig(
  rt: PluginRuntime,
  c: Caller,
  nodeId: string,
  id: string,
  input: PluginInput,
) {
  const { db } = rt
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockConfig(tx, nodeId, id)
    if (!row) throw configNotFound()
    const plugin = findPlugin(row.pluginId)
    if (!plugin) throw configNotFound()
    const v = await checkConfig(tx, rt, c, nodeId, plugin, input, row, id)
    const saved = await updateConfig(tx, nodeId, id, {
      name: v.name,
      enabled: v.enabled,
      settings: v.settings,
      secrets: v.secrets,
    })
    const code = editCode(v.changes)
    if (Object.keys(v.changes).length)
      await auditIn(tx, c, nodeId, code, id, { plugin_id: plugin.id, changes: v.changes })
    return { config: presentConfig(saved!), code }
  })
}

export async function removeConfig(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  return db.transaction(async (tx) => {
    const row = await lockConfig(tx, nodeId, id)
    if (!row) throw configNotFound()
    await deleteConfig(tx, nodeId, id)
    await auditIn(tx, c, nodeId, 'plugins.config_deleted', id, { plugin_id: row.pluginId, name: row.name })
    return { id }
  })
}

const HISTORY_LIMIT = 100

/** Who changed what, newest first; secrets appear only as the mask. */
export async function configHistoryOf(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  if (!(await getConfig(db, nodeId, id))) throw configNotFound()
  const rows = await configHistory(db, nodeId, id, HISTORY_LIMIT)
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor: r.actorId
      ? {
          id: r.actorId,
          full_name: r.actorEmail ? fullName({ fio: r.actorFio ?? {}, email: r.actorEmail }) : '',
        }
      : null,
    changes: (r.data.changes ?? {}) as Record<string, unknown>,
    created_at: r.createdAt.toISOString(),
  }))
}

/** The configuration with its secrets opened, for the plugin's own use (never answered). */
export function openConfig(box: SecretBox, row: PluginConfigRow): OpenConfig {
  const settings: Record<string, unknown> = { ...row.settings }
  for (const [name, sealed] of Object.entries(row.secrets)) settings[name] = box.open(sealed, row.id)
  return {
    nodeId: row.nodeId,
    id: row.id,
    pluginId: row.pluginId,
    name: row.name,
    enabled: row.enabled,
    settings,
  }
}

/** "Send a test": the plugin's own; refused for a plugin without one or a disabled configuration. */
export async function testConfig(rt: PluginRuntime, c: Caller, nodeId: string, id: string) {
  const { db } = rt
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  const row = await getConfig(db, nodeId, id)
  if (!row) throw configNotFound()
  const test = serverPlugin(row.pluginId)?.test
  if (!test || !findPlugin(row.pluginId)?.test)
    throw badInput('plugins.no_test', ['params', 'pluginConfigId'])
  if (!row.enabled) throw badInput('plugins.config_disabled_test', ['params', 'pluginConfigId'])
  return test(rt, openConfig(rt.box, row), { userId: c.auth.user.id, email: c.auth.user.email })
}

const DELIVERIES_LIMIT = 50

/** The configuration's delivery log, newest first: what was sent, how it went, what is next. */
export async function deliveriesOf(db: Db, c: Caller, nodeId: string, id: string) {
  await requireNodeRight(db, c.auth, nodeId, 'is_admin')
  if (!(await getConfig(db, nodeId, id))) throw configNotFound()
  const rows = await listDeliveries(db, nodeId, id, DELIVERIES_LIMIT)
  return rows.map((d) => ({
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    status: d.status as 'pending' | 'delivered' | 'failed',
    attempts: d.attempts,
    last_status: d.lastStatus,
    last_answer: d.lastAnswer,
    next_at: d.status === 'pending' ? d.nextAt.toISOString() : null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  }))
}
