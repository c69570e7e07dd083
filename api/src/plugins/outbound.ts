import { type DetailEntry, messageFor } from '@domain/errors/catalogue'
import { hostOfSetting, hostOfUrl } from '@domain/outbound/address'
import { refusedWhenSaved } from '@domain/outbound/guard.server'
import { allowsPrivate, type OutboundEnv } from '@domain/outbound/policy'
import type { PluginDefinition } from '@domain/plugins/types'

/*
 * The outbound guard when a configuration is saved (ADR 027): every setting a plugin declares as
 * an address it calls (`outbound` in its definition) is refused at that setting when its host is
 * a private literal, a local name, or resolves to a private address now. The connection checks
 * again on the address it resolves then (domain/outbound/guard.server.ts).
 */
export async function outboundProblems(
  env: OutboundEnv,
  plugin: Pick<PluginDefinition, 'outbound'>,
  settings: Record<string, unknown>,
  where: (string | number)[],
): Promise<DetailEntry[]> {
  const out = plugin.outbound
  if (!out) return []
  const allow = allowsPrivate(env, out.purpose)
  const targets = [
    ...(out.urls ?? []).map((name) => [name, hostOfUrl] as const),
    ...(out.hosts ?? []).map((name) => [name, hostOfSetting] as const),
  ]
  const problems: DetailEntry[] = []
  for (const [name, hostOf] of targets) {
    const value = settings[name]
    const host = typeof value === 'string' && value !== '' ? hostOf(value) : null
    if (host !== null && (await refusedWhenSaved(host, allow)))
      problems.push({
        type: 'plugins.private_target',
        msg: messageFor('plugins.private_target'),
        loc: [...where, name],
      })
  }
  return problems
}
