import { csv } from './csv'
import { email } from './email'
import { sso } from './sso'
import type { PluginDefinition } from './types'
import { webhooks } from './webhooks'

/** Every plugin shipped with the server, in the order the store shows them: one line per plugin. */
export const PLUGINS: readonly PluginDefinition[] = [webhooks, email, sso, csv]

const byId = new Map(PLUGINS.map((p) => [p.id, p]))

export const findPlugin = (id: string): PluginDefinition | undefined => byId.get(id)

/** The names of a plugin's secret settings (type password): write-only, stored encrypted. */
export const secretNames = (p: PluginDefinition): string[] =>
  p.settings.filter((d) => d.type === 'password').map((d) => d.name)
