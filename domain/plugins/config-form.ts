import type { FieldDefinition } from '../fields/types'
import { secretNames } from './catalogue'
import type { PluginDefinition } from './types'

/*
 * A configuration as one form (PRODUCT.md §7 `{ name, enabled, settings }`): its name, the enable
 * switch and the plugin's settings under `settings.`. The Add and Editing dialogs render these
 * definitions with the generic form; the web app's action and the upstream parse with
 * buildFormSchema of the same list.
 */

export const CONFIG_NAME_MAX = 200

/**
 * The form's definitions. A secret already stored is not required here: left empty, it is kept
 * (write-only settings are never sent back to be re-posted).
 */
export function configDefinitions(
  plugin: PluginDefinition,
  opts: { secretsSet?: readonly string[] } = {},
): FieldDefinition[] {
  const kept = new Set(opts.secretsSet ?? [])
  const secrets = new Set(secretNames(plugin))
  return [
    {
      name: 'name',
      type: 'text',
      title: 'plugins.config.name',
      settings: { required: true, max_length: CONFIG_NAME_MAX },
    },
    { name: 'enabled', type: 'switch', title: 'plugins.config.enabled', settings: { default: true } },
    ...plugin.settings.map((d) => ({
      ...d,
      name: `settings.${d.name}`,
      settings: secrets.has(d.name) && kept.has(d.name) ? { ...d.settings, required: false } : d.settings,
    })),
  ]
}

/** What a secret setting says in an answer: never its value. */
export interface SecretState {
  set: boolean
}

/**
 * How a posted secret is read: text = the new value; `{ set: false }` = remove it; empty, absent or
 * anything else (`{ set: true }` echoed back) = keep what is stored.
 */
export function secretIntent(
  raw: unknown,
): { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; value: string } {
  if (typeof raw === 'string' && raw !== '') return { kind: 'set', value: raw }
  if (typeof raw === 'object' && raw !== null && (raw as { set?: unknown }).set === false)
    return { kind: 'clear' }
  return { kind: 'keep' }
}
