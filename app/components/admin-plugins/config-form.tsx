import type { FieldDefinition } from '@domain/fields/types'
import { findPlugin } from '@domain/plugins/catalogue'
import { configDefinitions } from '@domain/plugins/config-form'
import type { PluginDefinition } from '@domain/plugins/types'
import { useMemo } from 'react'
import { GenericForm } from '~/fields/form/generic-form'
import { useIntentResult } from '../admin/use-intent-result'
import { CsrfInput } from '../csrf-input'
import { type ConfigMode, configDefaults, configDescription } from './config-form-model'
import { usePluginsT } from './use-plugins-t'

interface ConfigFormProps {
  pluginId: string
  action: string
  mode: ConfigMode
  /** Editing: the stored configuration (its secrets as `{ set }`). */
  stored?: { name: string; enabled: boolean; settings: Record<string, unknown> }
  secretsSet?: string[]
}

/**
 * A configuration's form: the plugin's settings (field definitions) rendered by the generic form,
 * their titles and options translated here. A secret already set says so and starts empty: left
 * empty it is kept, typed it is replaced.
 */
export function ConfigForm({ pluginId, action, mode, stored, secretsSet = [] }: ConfigFormProps) {
  const { t } = usePluginsT()
  const intent = mode === 'create' ? 'create' : 'save'
  const { lastResult } = useIntentResult(intent)
  const plugin = findPlugin(pluginId)
  const definitions = useMemo(
    () =>
      plugin
        ? configDefinitions(plugin, { secretsSet }).map((d) => translated(d, t, secretsSet, plugin))
        : [],
    [plugin, secretsSet, t],
  )
  const description = useMemo(() => (plugin ? configDescription(plugin, mode) : null), [plugin, mode])
  if (!plugin || !description) return null
  return (
    <GenericForm
      id={`plugin-config-${intent}`}
      definitions={definitions}
      form={description}
      action={action}
      lastResult={lastResult}
      defaultValue={stored ? configDefaults(stored) : undefined}
      submitLabel={mode === 'create' ? t('plugins.create') : t('plugins.save')}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
    </GenericForm>
  )
}

function translated(
  def: FieldDefinition,
  t: (key: string, opts?: Record<string, string>) => string,
  secretsSet: string[],
  plugin: PluginDefinition,
): FieldDefinition {
  const name = def.name.replace(/^settings\./, '')
  const secret = def.type === 'password'
  // A secret bound to its destination says which settings clear it (ADR 027).
  const boundTo = secret ? plugin.secretsBoundTo?.[name] : undefined
  const titleOf = (n: string) => t(plugin.settings.find((d) => d.name === n)?.title ?? n)
  const hint = boundTo?.length
    ? { hint: t('plugins.secret.bound', { settings: boundTo.map(titleOf).join(', ') }) }
    : {}
  return {
    ...def,
    title: t(def.title),
    settings: {
      ...def.settings,
      ...(def.settings.options
        ? { options: def.settings.options.map((o) => ({ ...o, title: t(o.title) })) }
        : {}),
      ...(secret
        ? { placeholder: secretsSet.includes(name) ? t('plugins.secret.set') : t('plugins.secret.not_set') }
        : {}),
      ...hint,
    },
  }
}
