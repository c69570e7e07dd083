import { secretNames } from '@domain/plugins/catalogue'
import { configDefinitions } from '@domain/plugins/config-form'
import type { PluginDefinition } from '@domain/plugins/types'
import { type FormDescription, formSchemaOf } from '~/fields/form/description'

/*
 * The Add and Editing dialogs' form of a configuration, without React: the page renders it and
 * the action parses with the same schema. Editing leaves out the enable switch (the dialog has
 * its own Enable / Disable button); Add starts enabled.
 */

export type ConfigMode = 'create' | 'edit'

export function configDescription(plugin: PluginDefinition, mode: ConfigMode): FormDescription {
  const names = configDefinitions(plugin).map((d) => d.name)
  const fields = names.filter((n) => mode === 'create' || n !== 'enabled')
  return { layout: 'simple', fields: fields.map((name) => ({ name })), visible: fields }
}

export const configFormSchema = (plugin: PluginDefinition, secretsSet: readonly string[], mode: ConfigMode) =>
  formSchemaOf(configDefinitions(plugin, { secretsSet }), configDescription(plugin, mode))

/** The posted names of the secrets: never sent back in a reply. */
export const secretInputs = (plugin: PluginDefinition) => secretNames(plugin).map((n) => `settings.${n}`)

const isSetMarker = (v: unknown): v is { set: boolean } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  typeof (v as { set?: unknown }).set === 'boolean'

/** The secrets a stored configuration has (answered as `{ set: true }`). */
export const secretsSetOf = (settings: Record<string, unknown>) =>
  Object.entries(settings)
    .filter(([, v]) => isSetMarker(v) && v.set)
    .map(([k]) => k)

/** The form's starting values from a stored configuration: secrets start empty. */
export function configDefaults(config: {
  name: string
  enabled: boolean
  settings: Record<string, unknown>
}) {
  const settings = Object.fromEntries(Object.entries(config.settings).filter(([, v]) => !isSetMarker(v)))
  return { name: config.name, enabled: config.enabled, settings }
}
